/** The cluster's data folder: made, and owned by the user PostgreSQL runs as (mode 700, as PostgreSQL requires). */
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, lchownSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@segmentia/api/config';
import { REPO_ROOT } from '../../common/paths';
import type { EmbeddedOptions } from './embedded-postgres';
import { setTimeout as delay } from 'node:timers/promises';
import { isAlive, isReachable, readText } from './server';
import { makeSystemFolder, SYSTEM_DIR, SYSTEM_USER, type UserIds, userCan } from './run-as';

/** A short name for this repository, so that each clone has a data folder of its own under /var/lib/segmentia. */
function repositoryKey(): string {
  return createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12);
}

/**
 * The folder the cluster lives in, owned by the user PostgreSQL runs as
 * (mode 700, as PostgreSQL requires). As root, a folder the user postgres
 * cannot reach is refused with what to do, except the default one, which
 * moves to /var/lib/segmentia/<repository>/postgres (said once it is used).
 */
export function prepareDataDir({ dataDir, persistent, defaultDir }: EmbeddedOptions, runAs: UserIds | undefined): string {
  if (!runAs) {
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new ConfigError(
        `The embedded PostgreSQL's data folder ${dataDir} cannot be created ` +
          `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ` +
          `${persistent ? 'set EMBEDDED_POSTGRES_DIR to a folder you can write' : 'set TMPDIR to a folder you can write'}, ` +
          `or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    }
    return dataDir;
  }
  if (reachableFor(dataDir, runAs)) return ownedBy(dataDir, runAs);
  if (persistent && defaultDir) {
    const fallback = path.join(SYSTEM_DIR, repositoryKey(), 'postgres');
    makeSystemFolder(path.dirname(fallback));
    if (reachableFor(fallback, runAs)) {
      console.log(
        `The embedded PostgreSQL keeps its data in ${fallback}: it runs as the user ${SYSTEM_USER}, which cannot reach ${dataDir} ` +
          '(set EMBEDDED_POSTGRES_DIR to choose another folder).',
      );
      return ownedBy(fallback, runAs);
    }
  }
  const what = persistent
    ? 'set EMBEDDED_POSTGRES_DIR to a folder it can reach (such as /var/lib/segmentia/postgres)'
    : 'set TMPDIR to a folder it can reach (such as /tmp)';
  throw new ConfigError(
    `The embedded PostgreSQL runs as the user ${SYSTEM_USER} (PostgreSQL refuses root), which cannot reach ${dataDir}: ` +
      `${what}, or set DATABASE_URL to a PostgreSQL of your own.`,
  );
}

/** Whether `user` can get to `folder` (the folder itself is made its own): every existing folder on the way must let it through. */
function reachableFor(folder: string, user: UserIds): boolean {
  let existing = path.dirname(folder);
  while (!existsSync(existing)) existing = path.dirname(existing);
  return userCan(user, '-x', existing);
}

/** Creates the folder (its missing parents open to everyone) and gives it to `user`, mode 700. */
function ownedBy(folder: string, user: UserIds): string {
  makeSystemFolder(path.dirname(folder));
  mkdirSync(folder, { recursive: true });
  const stats = statSync(folder);
  if (stats.uid !== user.uid || stats.gid !== user.gid) chownTree(folder, user);
  chmodSync(folder, 0o700);
  return folder;
}

function chownTree(folder: string, user: UserIds): void {
  chownSync(folder, user.uid, user.gid);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) chownTree(file, user);
    else lchownSync(file, user.uid, user.gid);
  }
}

/**
 * A PostgreSQL already running on this data folder (its postmaster.pid names
 * a live process): shared when it is starting on our port, refused otherwise.
 */
export async function sharedAfterAll(dataDir: string, port: number, url: string): Promise<boolean> {
  const lines = readText(path.join(dataDir, 'postmaster.pid'))?.split('\n');
  const pid = Number(lines?.[0]);
  if (!pid || !isAlive(pid)) return false;
  const runningPort = Number(lines?.[3]);
  if (runningPort === port) {
    for (let waited = 0; waited < 30_000; waited += 250) {
      if (await isReachable(url)) {
        console.log(`The embedded PostgreSQL already runs on port ${port}: sharing it.`);
        return true;
      }
      if (!isAlive(pid)) return false;
      await delay(250);
    }
  }
  throw new Error(
    `Another PostgreSQL (PID ${pid}, port ${runningPort || 'unknown'}) already runs on ${dataDir}: ` +
      `stop it (kill -INT ${pid}), or set EMBEDDED_POSTGRES_PORT to its port.`,
  );
}

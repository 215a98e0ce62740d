/**
 * The machine's site-build lock: one Gatsby build at a time across processes
 * (npm start, the tests, npm run prod), of this clone or another.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock every site build takes (others use `flock /tmp/segmentia-site-build.lock`). */
export const SITE_BUILD_LOCK = '/tmp/segmentia-site-build.lock';

/** Lets the lock go; resolves once it is free. */
export type Release = () => Promise<void>;

/**
 * Waits for the machine's site-build lock and returns its release (with
 * `wait` false, undefined at once when another holds it). With util-linux
 * `flock` (Linux), the same lock as `flock /tmp/segmentia-site-build.lock`,
 * held by a helper that lets it go when told, or when this process dies;
 * elsewhere a lock folder in the temporary folder, taken over when its owner is gone.
 */
export function lockSiteBuilds(log: (message: string) => void, lockFile: string | undefined, wait: false): Promise<Release | undefined>;
export function lockSiteBuilds(log?: (message: string) => void, lockFile?: string, wait?: true): Promise<Release>;
export async function lockSiteBuilds(
  log: (message: string) => void = console.log,
  lockFile = SITE_BUILD_LOCK,
  wait = true,
): Promise<Release | undefined> {
  if (hasFlock()) return flockHolder(lockFile, log, wait);
  return folderLock(path.join(os.tmpdir(), `${path.basename(lockFile)}.d`), log, wait);
}

let flockAvailable: boolean | undefined;
function hasFlock(): boolean {
  flockAvailable ??= spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  return flockAvailable;
}

function flockHolder(lockFile: string, log: (message: string) => void, wait: boolean): Promise<Release | undefined> {
  return new Promise((resolve, reject) => {
    // In a process group of its own (a Ctrl-C does not end it before the build it guards); it ends when its input does.
    // Without waiting (-n), flock exits with 1 at once when the lock is held.
    const holder: ChildProcess = spawn('flock', [...(wait ? [] : ['-n']), '-x', lockFile, 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    const waiting = wait ? setTimeout(() => log('Another site build is running: waiting for it to finish…'), 1000) : undefined;
    holder.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const gone = new Promise<void>((done) => holder.once('close', () => done()));
    holder.stdout?.once('data', () => {
      clearTimeout(waiting);
      resolve(() => {
        holder.stdin?.end();
        return gone;
      });
    });
    holder.on('error', (error) => {
      clearTimeout(waiting);
      reject(new Error(`The site build lock ${lockFile} could not be taken: ${error.message}.`));
    });
    holder.on('exit', (code) => {
      clearTimeout(waiting);
      // After the lock was taken this settles nothing: the promise is already resolved.
      if (!wait && code === 1 && !stderr.trim()) resolve(undefined);
      else reject(new Error(`The site build lock ${lockFile} could not be taken (${stderr.trim() || `flock exit code ${code}`}).`));
    });
  });
}

async function folderLock(folder: string, log: (message: string) => void, wait: boolean): Promise<Release | undefined> {
  let told = false;
  for (;;) {
    try {
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'pid'), String(process.pid));
      return async () => rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (abandoned(folder)) {
      rmSync(folder, { recursive: true, force: true });
      continue;
    }
    if (!wait) return undefined;
    if (!told) log('Another site build is running: waiting for it to finish…');
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A lock folder whose owner has exited, or that never got its owner's pid (its owner died at once). */
function abandoned(folder: string): boolean {
  let owner = 0;
  try {
    owner = Number(readFileSync(path.join(folder, 'pid'), 'utf8'));
  } catch {
    // Not written yet, or the folder has just gone.
  }
  if (Number.isInteger(owner) && owner > 0) {
    try {
      process.kill(owner, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
  try {
    return Date.now() - statSync(folder).mtimeMs > 10_000;
  } catch {
    return false;
  }
}

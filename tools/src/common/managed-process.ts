/**
 * Child processes the tools run and watch (nginx, Redis, API replicas, the
 * Firebase Auth emulator, the mail catcher): each with its output in a log
 * file, a readiness wait that fails early when it exits, and a stop that
 * kills what does not stop in time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { REPO_ROOT } from './paths';

/** A child process with its output in a log file, and its exit. */
export class Managed {
  readonly exited: Promise<number | null>;
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ? null : code)));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Asks it to stop with `signal`; one that has not exited 30 s later is killed. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.running) this.child.kill(signal);
    const overdue = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(overdue);
  }
}

export function launch(
  name: string,
  command: string,
  args: string[],
  logFile: string,
  env: NodeJS.ProcessEnv = process.env,
  cwd = REPO_ROOT,
): Managed {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  child.once('exit', () => setImmediate(() => log.end()));
  child.once('error', () => undefined);
  return new Managed(name, child, logFile);
}

const tail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
};

/** Waits for `check` to succeed, for at most `ms`; fails early when `process` exits. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms: number, process?: Managed): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (process && !process.running) throw new Error(`${what} exited while starting:\n${tail(process.logFile)}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not become ready within ${ms / 1000} s${process ? `:\n${tail(process.logFile)}` : ''}`);
}

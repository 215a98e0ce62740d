/**
 * The container engine the image commands use: Docker (the `docker` command
 * and its daemon, Debian's docker.io here). Chosen over Podman because the
 * compose file, the health checks and `docker stop`'s graceful stop are
 * Docker's, and because it is what CI services and users' machines have.
 * When no daemon answers and this process is root, it starts `dockerd`
 * (installing docker.io from Debian's packages when missing) and stops it
 * again when done; otherwise it says how to start one.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { launch, type Managed, waitFor } from '../../common/managed-process';
import { ensureCommands } from '../../common/debian-packages';

export interface Engine {
  /** Whether this process started the daemon (and `close()` stops it). */
  started: boolean;
  close(): Promise<void>;
}

const answers = () => spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore' }).status === 0;

/** With `keep`, a daemon this starts outlives it (`npm run prod`'s stack keeps running). */
export async function openEngine({ keep = false } = {}): Promise<Engine> {
  if (answers()) return { started: false, close: async () => undefined };
  if (process.getuid?.() !== 0) {
    throw new Error('No Docker daemon answers: start one (dockerd, or Docker Desktop), or run this as root to let it start dockerd.');
  }
  ensureCommands(['dockerd', 'docker-compose']);
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'segmentia-dockerd-')), 'dockerd.log');
  if (keep) {
    const output = openSync(logFile, 'a');
    spawn('dockerd', [], { detached: true, stdio: ['ignore', output, output] }).unref();
    await waitFor('dockerd', async () => answers(), 60_000);
    console.log(`Started dockerd (its log: ${logFile}); it keeps running.`);
    return { started: true, close: async () => undefined };
  }
  const daemon: Managed = launch('dockerd', 'dockerd', [], logFile);
  await waitFor('dockerd', async () => answers(), 60_000, daemon);
  console.log(`Started dockerd (its log: ${logFile}); it stops when this command ends.`);
  return { started: true, close: () => daemon.stop('SIGTERM') };
}

/** `docker …`, its output; an error with its stderr's last lines when it fails. */
export async function docker(args: string[], { input }: { input?: string } = {}): Promise<string> {
  const run = promisify(execFile)('docker', args, { maxBuffer: 256 * 1024 * 1024 });
  if (input !== undefined) run.child.stdin!.end(input);
  try {
    return (await run).stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`docker ${args.slice(0, 2).join(' ')} failed: ${stderr.split('\n').slice(-8).join('\n') || String(error)}`);
  }
}

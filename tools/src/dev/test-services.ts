/**
 * What the tests need of the machine, provided when it is missing, so that
 * `npm test` needs nothing by hand on a fresh machine of this kind: Debian's
 * chromium for the browser tests, and a Redis for the shared rate limits'
 * test (TEST_REDIS_URL, or one started for the run on a free port).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { until } from '@segmentia/testing';
import { loadTestSettings } from '../common/test-settings';
import { freePort } from '../common/ports';
import { ensureCommands } from '../common/debian-packages';

/** Debian's chromium (`apt-get install chromium`); CHROMIUM_PATH for another browser binary. */
export const CHROMIUM_PATH = loadTestSettings().chromiumPath ?? '/usr/bin/chromium';
/** Its flags for the tests and benchmarks: no sandbox (root), no GPU, none of the background traffic a closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Installs Debian's chromium when the browser the tests launch (CHROMIUM_PATH) is not there. */
export function ensureBrowser(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (loadTestSettings().chromiumPath)
    throw new Error(`CHROMIUM_PATH is ${CHROMIUM_PATH}, which does not exist: point it at a chromium binary.`);
  ensureCommands(['chromium']);
}

/** Whether a Redis answers PING at `url` within a second. */
export function answersPing(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 }, () => socket.write('PING\r\n'));
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/**
 * The Redis of TEST_REDIS_URL (redis://127.0.0.1:6379 by default) when it
 * answers; otherwise a redis-server started for the run (installed from
 * Debian's packages when missing), in memory only, on 127.0.0.1 and a free
 * port (the API tests' global setup hands its URL over as TEST_REDIS_URL); `stop()` ends what it started.
 */
export async function ensureRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = loadTestSettings().redisUrl;
  if (await answersPing(url)) return { url, stop: async () => undefined };
  ensureCommands(['redis-server']);
  const port = await freePort();
  const server: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const started = `redis://127.0.0.1:${port}`;
  await until(`the tests' redis-server answers on port ${port}`, () => answersPing(started), { timeoutMs: 10_000, intervalMs: 100 });
  console.log(`TEST_REDIS_URL (${url}) does not answer: the tests use a redis-server of their own on port ${port}.`);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  return {
    url: started,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

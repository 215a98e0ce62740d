/**
 * `npm start` three times, as a developer runs it: the first start builds the
 * site (or reuses a build with the same sources, settings and data), the next
 * two reuse it, as nothing changed: what a build writes is never an input of
 * its reuse check. Each start is the real command on ports of its own and a
 * database made for the test, stopped with Ctrl-C (SIGINT) once it runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createTemporaryDatabase, openScratchServer, type TemporaryDatabase } from '../dev/database/temporary-database';
import { REPO_ROOT } from '../common/paths';
import { loadTestSettings } from '../common/test-settings';
import { freePort, freePortRun } from '../common/ports';

jest.setTimeout(420_000);

let server: Awaited<ReturnType<typeof openScratchServer>>;
let database: TemporaryDatabase;
let env: NodeJS.ProcessEnv;
let siteUrl: string;

beforeAll(async () => {
  // Beside the API tests' embedded PostgreSQL, which test:integration runs at the same time.
  server = await openScratchServer(loadTestSettings().embeddedPostgresPort + 20);
  // Empty: npm start migrates and seeds it, as it does any database.
  database = await createTemporaryDatabase(server.url, 'segmentia_start', { prepare: false });
  const [port, metrics, site, smtp, web] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  siteUrl = `http://localhost:${site}`;
  env = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    PORT: String(port),
    METRICS_PORT: String(metrics),
    SITE_PORT: String(site),
    // The emulator's address is built into the site: the same for the three starts.
    AUTH_EMULATOR_PORT: String(await freePortRun(3)),
    MAIL_CATCHER_SMTP_PORT: String(smtp),
    MAIL_CATCHER_WEB_PORT: String(web),
  };
});
afterAll(async () => {
  await database?.drop();
  await server?.stop();
});

/**
 * Runs `npm start` (the command itself, its build included) until it says it is running, checks the site answers, stops
 * it with Ctrl-C; its output, the start time it printed, and the time waited for that line.
 */
async function start(): Promise<{ output: string; seconds: number; waited: number }> {
  const since = Date.now();
  // A process group of its own, as a terminal's: Ctrl-C reaches npm and the start alike.
  const child: ChildProcess = spawn('npm', ['start', '--silent'], { env, cwd: REPO_ROOT, detached: true });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const running = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /Segmentia is running \(started in ([\d.]+) s\)/.exec(output);
      if (started) resolve(Number(started[1]));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`npm start exited (${code}) before it ran:\n${output.slice(-2000)}`)));
  });
  try {
    const seconds = await running;
    const waited = (Date.now() - since) / 1000;
    expect((await fetch(`${siteUrl}/`)).status).toBe(200);
    return { output, seconds, waited };
  } finally {
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    expect(output).toMatch(/PostgreSQL stopped|API stopped/);
  }
}

it('builds the site once, then a second and a third start reuse it', async () => {
  const first = await start();
  expect(first.output).toMatch(/Building the site|Site unchanged since the last build/);
  const second = await start();
  const third = await start();
  for (const again of [second, third]) {
    expect(again.output).toContain('Site unchanged since the last build: reusing site/public');
    expect(again.output).not.toContain('Building the site');
  }
  // The time printed is the time waited, from the command (npm's own start, a fraction of a second, aside).
  for (const { seconds, waited } of [first, second, third]) {
    expect(seconds).toBeLessThanOrEqual(waited + 0.1);
    expect(seconds).toBeGreaterThan(waited - 3);
  }
  console.log(`npm start: first ${first.waited} s, second ${second.waited} s, third ${third.waited} s (printed ${second.seconds} s)`);
});

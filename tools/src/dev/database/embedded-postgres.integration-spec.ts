import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from 'pg';
import { ConfigError } from '@segmentia/api/config';
import { isEmbeddedRunning, PASSWORD_FILE, readSuperuserPassword, startEmbeddedPostgres } from './embedded-postgres';
import { embeddedOptionsFromEnv } from './open-database';
import { REPO_ROOT } from '../../common/paths';
import { freePort } from '../../common/ports';
import { openScratchServer } from './temporary-database';

jest.setTimeout(60_000);

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** Files initdb's password could have been left in. */
const passwordFiles = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('pg-password-'));
const postmasterOf = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
async function untilGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await delay(50);
  }
}

describe('embeddedOptionsFromEnv', () => {
  it('reads the validated settings, relative to the repository', () => {
    expect(embeddedOptionsFromEnv({ EMBEDDED_POSTGRES_PORT: '54400', EMBEDDED_POSTGRES_DIR: 'tmp/pg' })).toEqual({
      dataDir: path.join(REPO_ROOT, 'tmp/pg'),
      port: 54400,
      persistent: true,
      portVariable: 'EMBEDDED_POSTGRES_PORT',
    });
    expect(embeddedOptionsFromEnv({})).toMatchObject({ dataDir: path.join(REPO_ROOT, '.data/postgres'), port: 54329 });
    expect(() => embeddedOptionsFromEnv({ EMBEDDED_POSTGRES_PORT: 'x' })).toThrow(/EMBEDDED_POSTGRES_PORT/);
  });
});

describe('startEmbeddedPostgres', () => {
  // A parent every user may enter: as root, PostgreSQL runs as the user postgres.
  const parent = mkdtempSync(path.join(os.tmpdir(), 'segmentia-local-db-spec-'));
  chmodSync(parent, 0o755);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('initialises a persistent cluster on 127.0.0.1 only, stops it, and starts it again with its data', async () => {
    const before = passwordFiles();
    const port = await freePort();
    const dataDir = path.join(parent, 'data', 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    await query(first.url, 'CREATE TABLE kept (id int, name text); INSERT INTO kept VALUES (7, $$Ñandú$$)');
    expect(
      await query(
        first.url,
        "SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets, " +
          "current_setting('server_encoding') AS encoding, upper(name) AS upper FROM kept",
      ),
    ).toEqual([{ listen: '127.0.0.1', sockets: '', encoding: 'UTF8', upper: 'ÑANDÚ' }]);
    // As root, the class runs PostgreSQL as the user postgres, which owns the data.
    if (process.getuid?.() === 0) expect(statSync(dataDir).uid).not.toBe(0);
    await first.stop();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

    const again = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    expect(await query(again.url, 'SELECT id FROM kept')).toEqual([{ id: 7 }]);
    // A second command shares the running cluster and leaves it running when it ends.
    expect(await isEmbeddedRunning({ dataDir, port })).toBe(true);
    const shared = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    await shared.stop();
    expect(await query(again.url, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
    await again.stop();
    expect(passwordFiles()).toEqual(before);
  });

  it('has a random superuser password of its own (SCRAM), kept 0600', async () => {
    const port = await freePort();
    const dataDir = path.join(parent, 'password', 'postgres');
    const database = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    try {
      const password = readSuperuserPassword(dataDir)!;
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(database.url).toContain(`:${password}@`);
      expect(statSync(path.join(dataDir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
      const [role] = await query(database.url, "SELECT rolpassword FROM pg_authid WHERE rolname = 'segmentia'");
      expect(String(role?.rolpassword)).toMatch(/^SCRAM-SHA-256\$/);
      // Only the file's password logs in.
      expect(await query(database.url.replace(password, 'wrong'), 'SELECT 1').catch((error: Error) => error.message)).toMatch(
        /password authentication failed/,
      );
    } finally {
      await database.stop();
    }
  });

  it('starts again after it was killed with its command, over the postmaster.pid left behind', async () => {
    const port = await freePort();
    const dataDir = path.join(parent, 'killed', 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    await query(first.url, 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)');
    const pid = postmasterOf(dataDir);
    process.kill(pid, 'SIGKILL');
    await untilGone(pid);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(true);
    await first.stop();

    const again = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    try {
      expect(await query(again.url, 'SELECT id FROM kept')).toEqual([{ id: 1 }]);
    } finally {
      await again.stop();
    }
  });

  it('says which port is taken, and by which variable, without leaving a cluster or its folder behind', async () => {
    const taken: Server = await new Promise((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const { port } = taken.address() as { port: number };
    const dataDir = mkdtempSync(path.join(parent, 'scratch-'));
    try {
      const scratch = startEmbeddedPostgres({ dataDir, port, persistent: false, portVariable: 'TEST_EMBEDDED_POSTGRES_PORT' });
      await expect(scratch).rejects.toThrow(ConfigError);
      await expect(scratch).rejects.toThrow(
        `Port ${port} (TEST_EMBEDDED_POSTGRES_PORT) is already in use: stop ` +
          `what uses it or set TEST_EMBEDDED_POSTGRES_PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('deletes a throw-away cluster when stopped, also after a Ctrl-C reached PostgreSQL first', async () => {
    // With DATABASE_URL (CI), scratch databases go to that server instead: this is about the embedded one.
    const serverUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const folderQuery = "SELECT current_setting('data_directory') AS folder";
    const open = async () => {
      const scratch = await openScratchServer(await freePort());
      return { scratch, folder: String((await query(scratch.url, folderQuery))[0]?.folder) };
    };
    const [stopped, interrupted] = await Promise.all([open(), open()]).finally(() => {
      if (serverUrl !== undefined) process.env.DATABASE_URL = serverUrl;
    });
    expect(existsSync(stopped.folder)).toBe(true);
    await stopped.scratch.stop();
    expect(existsSync(stopped.folder)).toBe(false);

    // A terminal's Ctrl-C reaches its whole process group, PostgreSQL with it.
    const pid = postmasterOf(interrupted.folder);
    process.kill(pid, 'SIGINT');
    await untilGone(pid);
    await interrupted.scratch.stop();
    expect(existsSync(interrupted.folder)).toBe(false);
  });
});

import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ConfigError } from '@segmentia/api/config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { embeddedOptionsFromEnv } from './open-database';
import { REPO_ROOT } from '../../common/paths';
import { openScratchServer } from './temporary-database';
import { LEGACY_PASSWORD, PASSWORD_FILE, readSuperuserPassword } from './superuser-password';

jest.setTimeout(60_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

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
const passwordFiles = () => readdirSync(os.tmpdir()).filter((name) => /^pg-password-|^segmentia-initdb-/.test(name));

describe('embeddedOptionsFromEnv', () => {
  it('reads the validated settings, relative to the repository', () => {
    expect(embeddedOptionsFromEnv({ EMBEDDED_POSTGRES_PORT: '54400', EMBEDDED_POSTGRES_DIR: 'tmp/pg' })).toEqual({
      dataDir: path.join(REPO_ROOT, 'tmp/pg'),
      port: 54400,
      persistent: true,
      portVariable: 'EMBEDDED_POSTGRES_PORT',
      defaultDir: false,
    });
    expect(embeddedOptionsFromEnv({})).toMatchObject({ dataDir: path.join(REPO_ROOT, '.data/postgres'), port: 54329, defaultDir: true });
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
    await query(first.url, 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)');
    expect(
      await query(first.url, "SELECT current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets"),
    ).toEqual([{ listen: '127.0.0.1', sockets: '' }]);
    await first.stop();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);

    const again = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    expect(await query(again.url, 'SELECT id FROM kept')).toEqual([{ id: 7 }]);
    // A second command shares the running cluster and leaves it running when it ends.
    const shared = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    await shared.stop();
    expect(await query(again.url, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
    await again.stop();
    expect(passwordFiles()).toEqual(before);
  });

  it('has a random superuser password of its own, kept 0600, and refuses the old constant one (segmentia/segmentia)', async () => {
    const port = await freePort();
    const dataDir = path.join(parent, 'password', 'postgres');
    const database = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    try {
      const password = readSuperuserPassword(dataDir)!;
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(database.url).toContain(`:${password}@`);
      expect(statSync(path.join(dataDir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
      const legacy = `postgresql://segmentia:${LEGACY_PASSWORD}@127.0.0.1:${port}/segmentia`;
      await expect(query(legacy, 'SELECT 1')).rejects.toThrow(/password authentication failed for user "segmentia"/);

      // A cluster made before each had its own password: given a random one at its next start.
      await query(database.url, `ALTER ROLE segmentia PASSWORD '${LEGACY_PASSWORD}'`);
      rmSync(path.join(dataDir, PASSWORD_FILE));
      await database.stop();
      const again = await startEmbeddedPostgres({ dataDir, port, persistent: true });
      expect(readSuperuserPassword(dataDir)).toMatch(/^[0-9a-f]{48}$/);
      expect(await query(again.url, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
      await expect(query(legacy, 'SELECT 1')).rejects.toThrow(/password authentication failed/);
      await again.stop();
    } finally {
      await database.stop();
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

  it('deletes a throw-away cluster when stopped', async () => {
    // With DATABASE_URL (CI), scratch databases go to that server instead: this is about the embedded one.
    const serverUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const scratch = await openScratchServer(await freePort()).finally(() => {
      if (serverUrl !== undefined) process.env.DATABASE_URL = serverUrl;
    });
    const [row] = await query(scratch.url, "SELECT current_setting('data_directory') AS folder");
    const folder = String(row?.folder);
    expect(existsSync(folder)).toBe(true);
    await scratch.stop();
    expect(existsSync(folder)).toBe(false);
  });
});

/**
 * The migration runner (src/database/migrations), one test per behaviour: on a database of its own, what it applies,
 * records and writes, and how a script reaches PostgreSQL (whole, as one transaction, semicolons inside a DO block and
 * all).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { execFileSync } from 'node:child_process';
import type { MigrationFolders } from '../src/database/migrations';
import { MigrationAdapter } from '../src/database/migrations';
import { API_ROOT, MIGRATIONS_DIR, SCHEMA_PATH } from '../src/database/paths';
import { testSetting } from '@segmentia/testing';

const table = `migration_check_${randomBytes(4).toString('hex')}`;
const scratch = `segmentia_migrations_${randomBytes(4).toString('hex')}`;
let owner: Client;
let scratchUrl: string;
beforeAll(async () => {
  owner = new Client({ connectionString: testSetting('databaseUrl') });
  await owner.connect();
  await owner.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(testSetting('databaseUrl'));
  url.pathname = `/${scratch}`;
  scratchUrl = url.toString();
});
afterAll(async () => {
  await owner.query(`DROP TABLE IF EXISTS ${table}`);
  await owner.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await owner.end();
});

/**
 * A call of the runner, in a Node.js process of its own as `npm run migrate` makes one: the schema engine's glue is an
 * ES module, which jest's module registry does not load.
 */
function runner<T>(call: 'deployMigrations' | 'createMigration', ...args: unknown[]): T {
  const script = `require('./src/database/migrations').${call}(...JSON.parse(process.argv[1]).map((value) =>
    value && value.committed !== undefined ? { ...value, committedSchema: () => value.committed } : value))
    .then((answer) => process.stdout.write(JSON.stringify(answer ?? null)))`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script, JSON.stringify(args)], {
    cwd: API_ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output) as T;
}
const deployMigrations = (url: string) => runner<string[]>('deployMigrations', url);
const createMigration = (url: string, name: string, { committedSchema, ...folders }: MigrationFolders) =>
  runner<string | null>('createMigration', url, name, { ...folders, committed: committedSchema() });

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('deployMigrations', () => {
  const all = readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());

  it('applies every migration to an empty database, in order, and records each in _prisma_migrations', async () => {
    const applied = deployMigrations(scratchUrl);
    expect(applied).toEqual(all.map(({ name }) => name).sort());
    const recorded = await query<{ name: string }>(scratchUrl, 'SELECT migration_name AS name FROM _prisma_migrations ORDER BY name');
    expect(recorded.map(({ name }) => name)).toEqual(applied);
    expect(await query(scratchUrl, `SELECT to_regclass('contact_request') IS NOT NULL AS made`)).toEqual([{ made: true }]);
  });

  it('applies nothing the second time', async () => {
    expect(deployMigrations(scratchUrl)).toEqual([]);
  });
});

describe('createMigration', () => {
  let folder: string;
  let folders: MigrationFolders;
  const committed = readFileSync(SCHEMA_PATH, 'utf8');
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-migrations-'));
    cpSync(SCHEMA_PATH, path.join(folder, 'schema.prisma'));
    cpSync(MIGRATIONS_DIR, path.join(folder, 'migrations'), { recursive: true });
    folders = {
      schemaPath: path.join(folder, 'schema.prisma'),
      migrationsDir: path.join(folder, 'migrations'),
      committedSchema: () => committed,
    };
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes nothing when the datamodel is as committed', async () => {
    expect(createMigration(scratchUrl, 'nothing', folders)).toBeNull();
    expect(readdirSync(folders.migrationsDir)).toEqual(readdirSync(MIGRATIONS_DIR));
  });

  it('writes the SQL of what changed since the committed datamodel, in a new timestamped folder', async () => {
    writeFileSync(folders.schemaPath, `${committed}\nmodel Probe {\n  id Int @id\n  @@map("probe")\n}\n`);
    const created = createMigration(scratchUrl, 'a probe', folders);
    expect(created).toMatch(/^\d{14}_a_probe$/);
    const sql = readFileSync(path.join(folders.migrationsDir, created!, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "probe"');
    expect(sql).not.toContain('"contact_request"');
  });

  it('starts the first migration from an empty database', async () => {
    rmSync(folders.migrationsDir, { recursive: true });
    const created = createMigration(scratchUrl, 'init', folders);
    const sql = readFileSync(path.join(folders.migrationsDir, created!, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "contact_request"');
    expect(readFileSync(path.join(folders.migrationsDir, 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
  });
});

describe('a migration script', () => {
  const runScript = async (script: string) => {
    const adapter = await new MigrationAdapter(testSetting('databaseUrl')).connect();
    try {
      await adapter.executeScript(script);
    } finally {
      await adapter.dispose();
    }
  };

  it('runs whole: a DO block keeps its own semicolons', async () => {
    await runScript(`CREATE TABLE ${table} (n int);
      DO $$
      BEGIN
        INSERT INTO ${table} VALUES (1);
        INSERT INTO ${table} VALUES (2);
      END
      $$;`);
    expect((await owner.query(`SELECT n FROM ${table} ORDER BY n`)).rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('applies nothing when one of its statements fails', async () => {
    await expect(runScript(`INSERT INTO ${table} VALUES (3); SELECT 1 / 0;`)).rejects.toThrow('division by zero');
    expect((await owner.query(`SELECT count(*)::int AS count FROM ${table} WHERE n = 3`)).rows).toEqual([{ count: 0 }]);
  });
});

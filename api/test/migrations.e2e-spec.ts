/**
 * How migrations reach PostgreSQL (src/database/schema-engine.ts): a script
 * whole, as one transaction, semicolons inside a DO block and all.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MigrationAdapter } from '../src/database/schema-engine';

const table = `migration_check_${randomBytes(4).toString('hex')}`;
let database: Client;
beforeAll(async () => {
  database = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await database.connect();
});
afterAll(async () => {
  await database.query(`DROP TABLE IF EXISTS ${table}`);
  await database.end();
});

const runScript = async (script: string) => {
  const adapter = await new MigrationAdapter(process.env.TEST_DATABASE_URL!).connect();
  try {
    await adapter.executeScript(script);
  } finally {
    await adapter.dispose();
  }
};

describe('a migration script', () => {
  it('runs whole: a DO block keeps its own semicolons', async () => {
    await runScript(`CREATE TABLE ${table} (n int);
      DO $$
      BEGIN
        INSERT INTO ${table} VALUES (1);
        INSERT INTO ${table} VALUES (2);
      END
      $$;`);
    expect((await database.query(`SELECT n FROM ${table} ORDER BY n`)).rows).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('applies nothing when one of its statements fails', async () => {
    await expect(runScript(`INSERT INTO ${table} VALUES (3); SELECT 1 / 0;`)).rejects.toThrow('division by zero');
    expect((await database.query(`SELECT count(*)::int AS count FROM ${table} WHERE n = 3`)).rows).toEqual([{ count: 0 }]);
  });
});

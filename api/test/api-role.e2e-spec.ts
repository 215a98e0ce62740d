/**
 * The role the API connects as (a migration grants it): the rows of its tables and nothing more. The rest of the
 * e2e suite runs the API as this role, so its rights suffice; here, what an injection would try is refused.
 */
import { Client } from 'pg';
import { API_ROLE } from '../src/database/api-role';
import { testSetting } from '@segmentia/testing';

let api: Client;
let owner: Client;
beforeAll(async () => {
  api = new Client({ connectionString: testSetting('apiDatabaseUrl') });
  owner = new Client({ connectionString: testSetting('databaseUrl') });
  await Promise.all([api.connect(), owner.connect()]);
});
afterAll(async () => {
  await owner?.query('DROP TABLE IF EXISTS staff_note_later').catch(() => undefined);
  await Promise.all([api?.end(), owner?.end()]);
});

const erasure = (reason = 'REQUEST') =>
  api.query("INSERT INTO lead_erasure (id, reason, count, erased_by) VALUES (gen_random_uuid(), $1, 0, 'api-role-spec') RETURNING id", [
    reason,
  ]);

describe(`PostgreSQL's ${API_ROLE} role`, () => {
  it('is the API, not a superuser, and may not create roles or databases', async () => {
    const { rows } = await api.query(
      'SELECT current_user AS role, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user',
    );
    expect(rows).toEqual([{ role: API_ROLE, rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
  });

  it('writes and reads the erasure ledger', async () => {
    const { rows } = await erasure();
    expect((await api.query('SELECT erased_by FROM lead_erasure WHERE id = $1', [rows[0].id])).rows).toEqual([
      { erased_by: 'api-role-spec' },
    ]);
  });

  it.each([
    ['CREATE TABLE', 'CREATE TABLE injected (id int)', /permission denied for schema/],
    ['DROP TABLE of the ledger', 'DROP TABLE lead_erasure', /must be owner of table lead_erasure/],
    ['an UPDATE of the ledger', "UPDATE lead_erasure SET erased_by = 'someone else'", /permission denied for table lead_erasure/],
    ['a DELETE from the ledger', 'DELETE FROM lead_erasure', /permission denied for table lead_erasure/],
    ['a TRUNCATE of the ledger', 'TRUNCATE lead_erasure', /permission denied for table lead_erasure/],
    ['a change to a table', 'ALTER TABLE contact_request ADD COLUMN injected int', /must be owner of table contact_request/],
    ['a program run by COPY', "COPY (SELECT 1) TO PROGRAM 'true'", /COPY to or from an external program/],
    ['a file written by COPY', "COPY (SELECT 1) TO '/tmp/segmentia-api-role'", /COPY to a file/],
    ['the migrations record', 'SELECT * FROM _prisma_migrations', /permission denied for table _prisma_migrations/],
    ['a new role', 'CREATE ROLE injected', /permission denied to create role/],
  ])('refuses %s', async (_what, sql, refusal) => {
    await expect(api.query(sql)).rejects.toThrow(refusal);
  });

  it("reads and writes a table a later migration creates (the owner's default privileges)", async () => {
    await owner.query('CREATE TABLE staff_note_later (id int PRIMARY KEY, note text)');
    await api.query("INSERT INTO staff_note_later VALUES (1, 'seen')");
    await api.query("UPDATE staff_note_later SET note = 'changed' WHERE id = 1");
    expect((await api.query('SELECT note FROM staff_note_later')).rows).toEqual([{ note: 'changed' }]);
    await api.query('DELETE FROM staff_note_later');
    await expect(api.query('DROP TABLE staff_note_later')).rejects.toThrow(/must be owner/);
  });
});

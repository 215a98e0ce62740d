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

/** A staff action that names no lead (a page of the list), acted at the SQL time given, written as the API writes it. */
const staffAction = (actedAt: string) =>
  api.query(
    `INSERT INTO staff_action (id, acted_at, kind, staff_uid, staff_email, count)
     VALUES (gen_random_uuid(), ${actedAt}, 'LIST', 'api-role-spec', 'spec@segmentia.test', 1) RETURNING id`,
  );

/** A lead (written by the API's role) with one staff action naming it; returns the lead's id. */
async function leadWithAction(): Promise<string> {
  const { rows } = await api.query(
    `INSERT INTO contact_request (id, request_id, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name,
       email, position, decision_role, interest, terms_version, terms_accepted_at)
     VALUES (gen_random_uuid(), gen_random_uuid(), 'ES', 'Spec', 'MEDIA', 'UP_TO_2M', 'FROM_1_TO_10', 'Spec', 'spec@api-role.example',
       'DIRECTOR', 'DECIDE', 'SOLUTIONS', 'spec', now()) RETURNING id`,
  );
  await api.query(
    `INSERT INTO staff_action (id, kind, staff_uid, staff_email, lead_id)
     VALUES (gen_random_uuid(), 'VIEW', 'api-role-spec', 'spec@segmentia.test', $1)`,
    [rows[0].id],
  );
  return rows[0].id;
}

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
    [
      'an UPDATE of the staff-action trail',
      "UPDATE staff_action SET staff_email = 'someone@else.example'",
      /permission denied for table staff_action/,
    ],
    ['a TRUNCATE of the staff-action trail', 'TRUNCATE staff_action', /permission denied for table staff_action/],
    ['a DELETE from the suppression list', 'DELETE FROM audience_suppression', /permission denied for table audience_suppression/],
    [
      'an UPDATE of the suppression list',
      "UPDATE audience_suppression SET device_type = 'APPLE'",
      /permission denied for table audience_suppression/,
    ],
    ['a DELETE of spent challenges', 'DELETE FROM proof_of_work_use', /permission denied for table proof_of_work_use/],
    [
      'an UPDATE of spent challenges',
      "UPDATE proof_of_work_use SET altcha_id = 'unspent'",
      /permission denied for table proof_of_work_use/,
    ],
  ])('refuses %s', async (_what, sql, refusal) => {
    await expect(api.query(sql)).rejects.toThrow(refusal);
  });

  it("adds to the staff-action trail and reads it, may not delete a recent action nor change the erasure's period", async () => {
    const { rows } = await staffAction('now()');
    await expect(api.query('DELETE FROM staff_action WHERE id = $1', [rows[0].id])).rejects.toThrow(
      /permission denied for table staff_action/,
    );
    expect((await api.query('SELECT count(*)::int AS count FROM staff_action WHERE id = $1', [rows[0].id])).rows).toEqual([{ count: 1 }]);
    await expect(api.query('SELECT erase_expired_staff_actions(0)')).rejects.toThrow(/months must be 1 to 120/);
    await expect(
      api.query('CREATE OR REPLACE FUNCTION erase_expired_staff_actions(months integer) RETURNS integer LANGUAGE sql AS $$ SELECT 0 $$'),
    ).rejects.toThrow(/permission denied for schema|must be owner of function/);
  });

  it("erases through the owner's function only the actions that name no lead and are past the period", async () => {
    const [expired, recent] = [await staffAction("now() - interval '13 months'"), await staffAction("now() - interval '11 months'")];
    const lead = await leadWithAction();
    await owner.query("UPDATE staff_action SET acted_at = now() - interval '13 months' WHERE lead_id = $1", [lead]);
    const { rows } = await api.query('SELECT erase_expired_staff_actions(12) AS count');
    expect(rows[0].count).toBeGreaterThanOrEqual(1);
    const left = async (id: string) =>
      (await api.query('SELECT count(*)::int AS count FROM staff_action WHERE id = $1', [id])).rows[0].count;
    expect([await left(expired.rows[0].id), await left(recent.rows[0].id)]).toEqual([0, 1]);
    // A lead's own actions go with the lead, not with the schedule.
    expect((await api.query('SELECT count(*)::int AS count FROM staff_action WHERE lead_id = $1', [lead])).rows).toEqual([{ count: 1 }]);
  });

  it("lets a lead's staff actions go with the lead: the foreign key's cascade runs as the table's owner", async () => {
    const lead = await leadWithAction();
    await api.query('DELETE FROM contact_request WHERE id = $1', [lead]);
    expect((await owner.query('SELECT count(*)::int AS count FROM staff_action WHERE lead_id = $1', [lead])).rows).toEqual([{ count: 0 }]);
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

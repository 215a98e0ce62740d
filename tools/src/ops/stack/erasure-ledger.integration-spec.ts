/**
 * The erasure ledger as the postgres image runs it (deploy/postgres/segmentia-postgres): copy-erasures.sql appends the
 * erasures the ledger lacks, apply-ledger.sql erases them again after a restore. Both through psql, on a migrated
 * database of the test server, with a restore played by putting an erased lead and objection back.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { REPO_ROOT } from '../../common/paths';
import { freePort } from '../../common/ports';
import type { Database } from '../../dev/database/embedded-postgres';
import { createTemporaryDatabase, openScratchServer, type TemporaryDatabase } from '../../dev/database/temporary-database';

const SQL = path.join(REPO_ROOT, 'deploy', 'postgres');
let server: Database;
let database: TemporaryDatabase;
let client: Client;

const psql = (file: string, { input = '', known = '{}' } = {}) =>
  execFileSync(
    'psql',
    [
      '-X',
      '-v',
      'ON_ERROR_STOP=1',
      '--quiet',
      '--no-align',
      '--tuples-only',
      '-v',
      `known=${known}`,
      '-f',
      path.join(SQL, file),
      database.url,
    ],
    {
      input,
      encoding: 'utf8',
    },
  );

const storeLead = async (name: string) => {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO contact_request (id, request_id, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name, email,
       position, decision_role, interest, terms_version, terms_accepted_at)
     VALUES (gen_random_uuid(), gen_random_uuid(), 'ES', $1, 'MEDIA', 'FROM_5M_TO_10M', 'FROM_10_TO_25', 'Prueba', $2,
       'DIRECTOR', 'DECIDE', 'SOLUTIONS', '2026-11-01', now()) RETURNING id`,
    [name, `${name.toLowerCase()}@agencia.es`],
  );
  return rows[0]!.id;
};
const count = async (table: string, id: string) => (await client.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rowCount;

beforeAll(async () => {
  server = await openScratchServer(await freePort(), 'a free port');
  database = await createTemporaryDatabase(server.url, 'ledger', { prepare: false });
  // The migrations as the migrate image applies them (npm test builds the API first).
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'api', 'dist', 'scripts', 'migrate.js'), 'deploy'], {
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: 'ignore',
  });
  client = new Client({ connectionString: database.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await database?.drop();
  await server?.stop();
});

it('copies each erasure once, and a restore erases its leads and objections again', async () => {
  const [alfa, bravo] = [await storeLead('Alfa'), await storeLead('Bravo')];
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO audience_objection (id, request_id, locale, email, message)
     VALUES (gen_random_uuid(), gen_random_uuid(), 'ES', 'delta@agencia.es', 'Me opongo.') RETURNING id`,
  );
  const objection = rows[0]!.id;
  // Staff erase Alfa; the person erases their objection at the privacy centre (MyDataService.erase's records).
  await client.query('DELETE FROM contact_request WHERE id = $1', [alfa]);
  await client.query('DELETE FROM audience_objection WHERE id = $1', [objection]);
  await client.query(
    `INSERT INTO lead_erasure (id, erased_at, reason, count, erased_by, lead_ids, objection_count, objection_ids) VALUES
       (gen_random_uuid(), now() - interval '2 seconds', 'REQUEST', 1, 'staff-uid', $1::uuid[], 0, '{}'),
       (gen_random_uuid(), now() - interval '1 second', 'REQUEST', 0, 'data-subject', '{}', 1, $2::uuid[]),
       (gen_random_uuid(), now(), 'RETENTION', 3, NULL, '{}', 0, '{}')`,
    [[alfa], [objection]],
  );

  const ledger = psql('copy-erasures.sql');
  const entries = ledger
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  // Retention's erasure is its own to repeat: not in the ledger.
  expect(entries).toEqual([
    expect.objectContaining({ reason: 'REQUEST', erasedBy: 'staff-uid', leads: [alfa] }),
    expect.objectContaining({ reason: 'REQUEST', erasedBy: 'data-subject', leads: [], objections: [objection] }),
  ]);
  expect(entries[0]!.erasedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(psql('copy-erasures.sql', { known: `{${entries.map((entry) => entry.erasure).join(',')}}` })).toBe('');

  // A restore from before the erasures: the lead and the objection are back, the erasures' records gone.
  await client.query(
    `INSERT INTO contact_request (id, request_id, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name, email,
       position, decision_role, interest, terms_version, terms_accepted_at)
     VALUES ($1, gen_random_uuid(), 'ES', 'Alfa', 'MEDIA', 'FROM_5M_TO_10M', 'FROM_10_TO_25', 'Prueba', 'alfa@agencia.es',
       'DIRECTOR', 'DECIDE', 'SOLUTIONS', '2026-11-01', now())`,
    [alfa],
  );
  await client.query(
    `INSERT INTO audience_objection (id, request_id, locale, email, message)
     VALUES ($1, gen_random_uuid(), 'ES', 'delta@agencia.es', 'Me opongo.')`,
    [objection],
  );
  await client.query(`DELETE FROM lead_erasure WHERE reason = 'REQUEST'`);

  expect(psql('apply-ledger.sql', { input: ledger }).trim().split('\n')).toEqual([
    '1 leads erased again',
    '1 written objections erased again',
  ]);
  expect([
    await count('contact_request', alfa),
    await count('audience_objection', objection),
    await count('contact_request', bravo),
  ]).toEqual([0, 0, 1]);
  const records = await client.query(
    `SELECT erased_by, lead_ids, objection_ids FROM lead_erasure WHERE reason = 'REQUEST' ORDER BY erased_by`,
  );
  expect(records.rows).toEqual([
    { erased_by: 'data-subject', lead_ids: [], objection_ids: [objection] },
    { erased_by: 'staff-uid', lead_ids: [alfa], objection_ids: [] },
  ]);
  // Applied twice (a second restore), it changes nothing.
  expect(psql('apply-ledger.sql', { input: ledger }).trim().split('\n')).toEqual([
    '0 leads erased again',
    '0 written objections erased again',
  ]);
});

/**
 * The role `npm run studio` connects as (a migration creates it): it reads
 * the lead tables and nothing else, and PostgreSQL refuses every change.
 */
import { Client } from 'pg';
import { SALES_READER_ROLE, salesReaderUrl } from '../src/database/sales-reader';

let reader: Client;
beforeAll(async () => {
  reader = new Client({ connectionString: salesReaderUrl(process.env.TEST_DATABASE_URL!) });
  await reader.connect();
});
afterAll(() => reader?.end());

describe(`PostgreSQL's ${SALES_READER_ROLE} role`, () => {
  it('reads the leads and their notifications', async () => {
    expect((await reader.query('SELECT current_user AS role')).rows).toEqual([{ role: SALES_READER_ROLE }]);
    const { rows } = await reader.query('SELECT count(*)::int AS leads FROM contact_request');
    expect(rows[0].leads).toBeGreaterThanOrEqual(0);
    await expect(reader.query('SELECT count(*) FROM lead_notification')).resolves.toBeDefined();
  });

  it.each([
    ['an UPDATE of a lead', "UPDATE contact_request SET status = 'SPAM'", /permission denied for table contact_request/],
    ['a DELETE of a lead', 'DELETE FROM contact_request', /permission denied for table contact_request/],
    ['a change to a notification', 'DELETE FROM lead_notification', /permission denied for table lead_notification/],
    ['a read of the audience catalogue', 'SELECT * FROM audience', /permission denied for table audience/],
    ['a read of the consent records', 'SELECT * FROM consent_record', /permission denied for table consent_record/],
    ['a read of the erasure records', 'SELECT * FROM lead_erasure', /permission denied for table lead_erasure/],
  ])('refuses %s', async (_what, sql, refusal) => {
    await expect(reader.query(sql)).rejects.toThrow(refusal);
  });
});

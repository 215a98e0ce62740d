/**
 * The role `npm run studio` connects as (a migration creates it): it reads
 * the lead tables and nothing else, and PostgreSQL refuses every change.
 */
import { Client } from 'pg';
import { SALES_READER_ROLE, salesReaderUrl } from '../src/database/sales-reader';
import { startTestApi, type TestApi } from './support/api';
import { contactInput, submitLead } from './support/leads';
import { testSetting } from '@segmentia/testing';

let reader: Client;
let api: TestApi;
beforeAll(async () => {
  // A sales webhook (nobody answers): each lead gets a notification row to read.
  api = await startTestApi({ NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/segmentia-sales' });
  reader = new Client({ connectionString: salesReaderUrl(testSetting('databaseUrl')) });
  await reader.connect();
});
afterAll(async () => {
  await reader?.end();
  await api?.close();
});

describe(`PostgreSQL's ${SALES_READER_ROLE} role`, () => {
  it('reads a lead the form just stored, and its notifications', async () => {
    const input = contactInput({ agencyName: 'Lectura Media' });
    const id = await submitLead(api, input);
    expect((await reader.query('SELECT current_user AS role')).rows).toEqual([{ role: SALES_READER_ROLE }]);
    const lead = await reader.query('SELECT agency_name, email FROM contact_request WHERE id = $1', [id]);
    expect(lead.rows).toEqual([{ agency_name: 'Lectura Media', email: input.email }]);
    const notifications = await reader.query('SELECT count(*)::int AS count FROM lead_notification WHERE lead_id = $1', [id]);
    expect(notifications.rows[0].count).toBeGreaterThan(0);
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

/**
 * The staff's reads when leads are many, over HTTP against the real API and database: the overview counts however
 * many leads its period holds, the list's total stops counting past its limit and says so, and a read the database
 * stops at its time limit answers QUERY_TIMEOUT naming it, never SERVICE_UNAVAILABLE.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createTestIdentity, serveKeySet, TEST_PROJECT_ID, testSetting } from '@segmentia/testing';
import { startTestApi, type TestApi } from './support/api';

const INSIGHTS = `query Insights($filter: LeadsFilter) {
  leadInsights(filter: $filter) { total weeks { total byStatus { status count } } interests { interest count } }
}`;
const LEADS =
  'query Leads($filter: LeadsFilter) { leads(filter: $filter, first: 5) { totalCount totalCountPrecision edges { node { id } } } }';

interface Insights {
  leadInsights: {
    total: number;
    weeks: { total: number; byStatus: { status: string; count: number }[] }[];
    interests: { interest: string; count: number }[];
  };
}

const STAFF_SETTINGS = { FIREBASE_PROJECT_ID: TEST_PROJECT_ID, STAFF_ACCOUNT_CHECK_SECONDS: '0' };
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let api: TestApi;
let staff: Record<string, string>;

beforeAll(async () => {
  const identity = await createTestIdentity();
  keySet = await serveKeySet(identity.publicJwk);
  // Inserting and erasing the many leads below takes more than the default limit of a statement.
  api = await startTestApi({ ...STAFF_SETTINGS, FIREBASE_JWKS_URL: keySet.url, DATABASE_TIMEOUT_MS: '30000' });
  staff = { authorization: `Bearer ${await identity.sign()}` };
});
afterAll(async () => {
  await api.close();
  await keySet.close();
});

describe('many leads', () => {
  const tag = `Scale${randomUUID().slice(0, 8)}`;
  const LEADS_IN_WEEKS = 60_000;

  beforeAll(async () => {
    // One statement: 60,000 leads, one a minute over the last six weeks, every fifth QUALIFIED, every third about technology;
    // told apart from every other test's by the tag in their agency's name, and gone at the end.
    await api.prisma.$executeRaw`
      INSERT INTO contact_request (id, request_id, received_at, locale, agency_name, agency_type, agency_size, advertiser_count,
        contact_name, email, position, decision_role, interest, terms_version, terms_accepted_at, status)
      SELECT gen_random_uuid(), gen_random_uuid(), now() - make_interval(mins => n), 'ES', ${tag} || ' ' || n, 'MEDIA',
        'UP_TO_2M', 'FROM_1_TO_10', 'Ana', 'ana' || n || '@agencia.es', 'DIRECTOR', 'DECIDE',
        (CASE WHEN n % 3 = 0 THEN 'TECHNOLOGICAL_TRANSFORMATION' ELSE 'SOLUTIONS' END)::"Interest", '2026-11-01', now(),
        (CASE WHEN n % 5 = 0 THEN 'QUALIFIED' ELSE 'NEW' END)::"LeadStatus"
      FROM generate_series(1, ${LEADS_IN_WEEKS}) AS n`;
    await api.prisma.$executeRaw`ANALYZE contact_request`;
  }, 120_000);
  afterAll(async () => {
    await api.prisma.$executeRaw`DELETE FROM contact_request WHERE agency_name LIKE ${`${tag} %`}`;
  }, 120_000);

  it('gives the overview of more than 50,000 leads, every one counted', async () => {
    const { body } = await api.graphql<Insights>(INSIGHTS, { filter: { search: tag } }, staff);
    expect(body.errors).toBeUndefined();
    const insights = body.data!.leadInsights;
    expect(insights.total).toBe(LEADS_IN_WEEKS);
    expect(insights.weeks.reduce((sum, week) => sum + week.total, 0)).toBe(LEADS_IN_WEEKS);
    const byStatus = (status: string) => insights.weeks.flatMap((week) => week.byStatus).filter((count) => count.status === status);
    expect(byStatus('QUALIFIED').reduce((sum, { count }) => sum + count, 0)).toBe(LEADS_IN_WEEKS / 5);
    expect(insights.interests).toEqual([
      { interest: 'SOLUTIONS', count: (LEADS_IN_WEEKS * 2) / 3 },
      { interest: 'TECHNOLOGICAL_TRANSFORMATION', count: LEADS_IN_WEEKS / 3 },
    ]);
  });

  it('lists them with a total that stops counting past 1,000 and says so, and counts a narrow filter exactly', async () => {
    const { body } = await api.graphql<{ leads: { totalCount: number; totalCountPrecision: string } }>(
      LEADS,
      { filter: { search: tag } },
      staff,
    );
    expect(body.data!.leads).toMatchObject({ totalCount: 1_000, totalCountPrecision: 'AT_LEAST' });
    const { body: one } = await api.graphql<{ leads: { totalCount: number; totalCountPrecision: string } }>(
      LEADS,
      { filter: { search: `${tag} 4242` } },
      staff,
    );
    // "… 4242" and "… 42420" to "… 42429".
    expect(one.data!.leads).toMatchObject({ totalCount: 11, totalCountPrecision: 'EXACT' });
  });
});

describe('a read the database stops', () => {
  it('answers QUERY_TIMEOUT naming the read, while the table is locked past the read’s limit', async () => {
    // Its reads may take 0.75 s (half DATABASE_TIMEOUT_MS) before PostgreSQL stops them: the other suites' reads of the
    // table wait as long.
    const hurried = await startTestApi({ ...STAFF_SETTINGS, FIREBASE_JWKS_URL: keySet.url, DATABASE_TIMEOUT_MS: '1500' });
    const locker = new Client({ connectionString: testSetting('apiDatabaseUrl') });
    await locker.connect();
    const ask = () => Promise.all([hurried.graphql(INSIGHTS, {}, staff), hurried.graphql(LEADS, { filter: { status: 'NEW' } }, staff)]);
    try {
      // Once before, so that the pool's connections are open: only the lock keeps the reads waiting.
      await ask();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE contact_request IN ACCESS EXCLUSIVE MODE');
      const [overview, list] = await ask();
      await locker.query('ROLLBACK');
      expect(overview.body.data).toBeNull();
      expect(overview.body.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TIMEOUT', read: 'leadInsights', limitMs: 750 });
      expect(overview.body.errors![0]!.message).toBe(
        'The overview (leadInsights) took longer than 0.75 s and the database stopped it: narrow the filter, or try again',
      );
      expect(list.body.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TIMEOUT', read: 'leads', limitMs: 750 });
      expect(list.body.errors![0]!.message).toMatch(/^The list of leads \(leads\) took longer than 0\.75 s/);
      // Once the table is free, the same read answers.
      const { body } = await hurried.graphql<Insights>(INSIGHTS, {}, staff);
      expect(body.errors).toBeUndefined();
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
      await hurried.close();
    }
  });
});

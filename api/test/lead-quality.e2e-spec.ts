// Over 300 lines on purpose: repeats, the fit score and the overview tested together over HTTP, as they share leads.
import { randomUUID } from 'node:crypto';
import { rescoreLeads } from '../src/leads/rescore';
import { startTestApi, type TestApi } from './support/api';
import { createTestIdentity, serveKeySet, TEST_PROJECT_ID } from '@segmentia/testing';
import { contactInput, submitLead } from './support/leads';

const LEADS = `query Leads($filter: LeadsFilter, $first: Int, $after: String, $orderBy: LeadOrder) {
  leads(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id fitScore receivedAt } }
  }
}`;
const LEAD = `query Lead($id: ID!) {
  lead(id: $id) { id country fitScore fitReasons { rule value points maxPoints } requestNumber repeatOf { id receivedAt } }
}`;

interface LeadsData {
  leads: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { node: { id: string; fitScore: number; receivedAt: string } }[];
  };
}
interface LeadData {
  lead: {
    id: string;
    country: string | null;
    fitScore: number;
    fitReasons: { rule: string; value: string; points: number; maxPoints: number }[];
    requestNumber: number;
    repeatOf: { id: string; receivedAt: string } | null;
  };
}

let api: TestApi;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let staffToken: string;
const asStaff = <T>(query: string, variables?: Record<string, unknown>) =>
  api.graphql<T>(query, variables, { authorization: `Bearer ${staffToken}` });
const lead = async (id: string) => (await asStaff<LeadData>(LEAD, { id })).body.data!.lead;
/** A domain of this test's own: no other test's lead repeats it. */
const newDomain = () => `agencia-${randomUUID().slice(0, 8)}.es`;

// No notification channel here: the outbox is delivered (and tested) by notifications.e2e-spec alone.
beforeAll(async () => {
  const identity = await createTestIdentity();
  keySet = await serveKeySet(identity.publicJwk);
  api = await startTestApi({
    TRUST_PROXY_HOPS: '1',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    // The test's own key set: no Firebase project holds its accounts to look up (account-check.e2e-spec does).
    STAFF_ACCOUNT_CHECK_SECONDS: '0',
  });
  staffToken = await identity.sign();
});
afterAll(async () => {
  await api.close();
  await keySet.close();
});

describe('repeats', () => {
  it('links a request to the first of the last 90 days with the same email (any case) or the same agency at the same domain', async () => {
    const domain = newDomain();
    const first = await submitLead(api, { agencyName: 'Medios Sur', email: `ana@${domain}` });
    const sameEmail = await submitLead(api, { agencyName: 'Otra Agencia', email: `ANA@${domain.toUpperCase()}` });
    const sameAgency = await submitLead(api, { agencyName: 'medios sur', email: `luis@${domain}` });
    const otherAgency = await submitLead(api, { agencyName: 'Medios Norte', email: `eva@${domain}` });
    const spam = await submitLead(api, { agencyName: 'Medios Sur', email: `bot@${domain}`, website: 'https://bots.example' });

    const firstRow = await lead(first);
    expect(firstRow).toMatchObject({ requestNumber: 1, repeatOf: null });
    expect(await lead(sameEmail)).toMatchObject({ requestNumber: 2, repeatOf: { id: first, receivedAt: expect.any(String) } });
    // Matched with the first by agency and domain (not with the second, another agency under another address).
    expect(await lead(sameAgency)).toMatchObject({ requestNumber: 2, repeatOf: { id: first } });
    expect(await lead(otherAgency)).toMatchObject({ requestNumber: 1, repeatOf: null });
    expect(await lead(spam)).toMatchObject({ requestNumber: 1, repeatOf: null });

    // A request of more than 90 days ago is history: the next one starts again from the oldest still in the window.
    await api.prisma.contactRequest.update({ where: { id: first }, data: { receivedAt: new Date(Date.now() - 91 * 86_400_000) } });
    const later = await submitLead(api, { agencyName: 'Medios Sur', email: `ana@${domain}` });
    expect(await lead(later)).toMatchObject({ requestNumber: 3, repeatOf: { id: sameEmail } });
  });

  it('counts two requests of one prospect sent at the same moment as the first and the second, never two firsts', async () => {
    const domain = newDomain();
    const ids = await Promise.all([1, 2, 3, 4].map(() => submitLead(api, { agencyName: 'Carrera', email: `ana@${domain}` })));
    const numbers = (await Promise.all(ids.map(lead))).map((row) => row.requestNumber).sort();
    expect(numbers).toEqual([1, 2, 3, 4]);
  });
});

describe('fit score', () => {
  it('scores each lead from its own fields and lists the reasons, rule by rule', async () => {
    const strong = await submitLead(api, {
      email: `ana@${newDomain()}`,
      agencySize: 'OVER_50M',
      advertiserCount: 'OVER_100',
      decisionRole: 'DECIDE',
      interest: 'SOLUTIONS',
      phone: '+49 30 1234567',
    });
    const weak = await submitLead(api, {
      email: `ana.${randomUUID().slice(0, 8)}@gmail.com`,
      agencySize: 'UP_TO_2M',
      advertiserCount: 'FROM_1_TO_10',
      decisionRole: 'NONE',
      interest: 'TECHNOLOGICAL_TRANSFORMATION',
      phone: '+1 212 555 0100',
    });
    expect(await lead(strong)).toMatchObject({
      country: 'DE',
      fitScore: 100,
      fitReasons: [
        { rule: 'agencySize', value: 'OVER_50M', points: 25, maxPoints: 25 },
        { rule: 'advertiserCount', value: 'OVER_100', points: 20, maxPoints: 20 },
        { rule: 'decisionRole', value: 'DECIDE', points: 20, maxPoints: 20 },
        { rule: 'email', value: 'BUSINESS', points: 15, maxPoints: 15 },
        { rule: 'interest', value: 'SOLUTIONS', points: 10, maxPoints: 10 },
        { rule: 'country', value: 'COVERED', points: 10, maxPoints: 10 },
      ],
    });
    const weakRow = await lead(weak);
    expect(weakRow).toMatchObject({ country: 'US', fitScore: 5 + 4 + 0 + 0 + 6 + 0 });
    expect(weakRow.fitReasons.find((reason) => reason.rule === 'email')).toEqual({
      rule: 'email',
      value: 'FREE',
      points: 0,
      maxPoints: 15,
    });
  });

  it('lets staff read leads best fit first, page after page, and keep those above a score', async () => {
    const from = new Date().toISOString();
    const sizes = ['UP_TO_2M', 'FROM_2M_TO_5M', 'FROM_5M_TO_10M', 'FROM_10M_TO_50M', 'OVER_50M', 'FROM_5M_TO_10M'];
    const ids: string[] = [];
    for (const agencySize of sizes) ids.push(await submitLead(api, { email: `ana@${newDomain()}`, agencySize }));
    const filter = { receivedFrom: from };
    const pages: { id: string; fitScore: number }[] = [];
    let after: string | null = null;
    do {
      const { body }: { body: { data?: LeadsData | null } } = await asStaff<LeadsData>(LEADS, {
        filter,
        first: 4,
        after,
        orderBy: 'BEST_FIT',
      });
      pages.push(...body.data!.leads.edges.map((edge) => edge.node));
      after = body.data!.leads.pageInfo.hasNextPage ? body.data!.leads.pageInfo.endCursor : null;
    } while (after);
    const mine = pages.filter((row) => ids.includes(row.id));
    expect(mine).toHaveLength(sizes.length);
    expect(new Set(pages.map((row) => row.id)).size).toBe(pages.length);
    const scores = pages.map((row) => row.fitScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const threshold = mine[2]!.fitScore;
    const { body } = await asStaff<LeadsData>(LEADS, { filter: { ...filter, minFitScore: threshold }, first: 100, orderBy: 'BEST_FIT' });
    expect(body.data!.leads.edges.every((edge) => edge.node.fitScore >= threshold)).toBe(true);
    expect(body.data!.leads.edges.map((edge) => edge.node.id)).toEqual(expect.arrayContaining(mine.slice(0, 3).map((row) => row.id)));
  });

  it('refuses a score filter outside 0–100 and a cursor of the other order, naming the argument', async () => {
    const tooHigh = await asStaff(LEADS, { filter: { minFitScore: 101 } });
    expect(JSON.stringify(tooHigh.body.errors)).toContain('minFitScore');
    const newest = await asStaff<LeadsData>(LEADS, { first: 1 });
    const cursor = newest.body.data!.leads.pageInfo.endCursor;
    const mixed = await asStaff(LEADS, { first: 1, after: cursor, orderBy: 'BEST_FIT' });
    expect(mixed.body.errors![0]!.extensions!.fieldErrors).toMatchObject({ after: [{ code: 'isCursor' }] });
  });

  it('scores the stored leads again with `npm run rescore`, writing only those that changed', async () => {
    const id = await submitLead(api, { email: `ana@${newDomain()}`, agencySize: 'OVER_50M' });
    const scored = await lead(id);
    // As a lead stored before scoring existed (or under older rules) would be.
    await api.prisma.contactRequest.update({ where: { id }, data: { fitScore: 0, fitReasons: [], country: null } });
    const first = await rescoreLeads(api.prisma);
    expect(first.changed).toBeGreaterThanOrEqual(1);
    expect(await lead(id)).toEqual(scored);
    expect((await rescoreLeads(api.prisma)).changed).toBe(0);
  });

  it('says score, reasons and repeat in the CSV', async () => {
    const domain = newDomain();
    const first = await submitLead(api, { email: `ana@${domain}`, agencyName: 'Csv Media' });
    await submitLead(api, { email: `ana@${domain}`, agencyName: 'Csv Media' });
    const { body } = await asStaff<{ leadsCsv: string }>(`query { leadsCsv(filter: { search: "${domain}" }) }`);
    const [header, repeat] = body.data!.leadsCsv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Country,Fit score,Fit reasons,Request number,Repeat of,Audiences');
    expect(repeat).toMatch(new RegExp(`,ES,\\d+,agencySize FROM_5M_TO_10M 15/25; [^,]+,2,${first},`));
  });
});

describe('the overview (leadInsights)', () => {
  const INSIGHTS = `query Insights($filter: LeadsFilter) {
    leadInsights(filter: $filter) {
      from to total
      weeks { weekStart total byStatus { status count } }
      sources { value count }
      interests { interest count }
      countries { value count }
    }
  }`;
  interface Insights {
    from: string;
    to: string;
    total: number;
    weeks: { weekStart: string; total: number; byStatus: { status: string; count: number }[] }[];
    sources: { value: string | null; count: number }[];
    interests: { interest: string; count: number }[];
    countries: { value: string | null; count: number }[];
  }

  it('counts the filtered leads per week for twelve weeks by status, and the top sources, interests and countries', async () => {
    const mark = `insights-${randomUUID().slice(0, 8)}`;
    const lead = (overrides: Record<string, unknown>) =>
      submitLead(api, { agencyName: `${mark} ${randomUUID().slice(0, 4)}`, email: `ana@${newDomain()}`, ...overrides });
    const linkedin = { utmSource: 'linkedin', utmMedium: 'paid-social' };
    const ids = [
      await lead({ ...linkedin }),
      await lead({ ...linkedin, interest: 'TECHNOLOGICAL_TRANSFORMATION' }),
      await lead({ referrerHost: 'www.google.com', phone: '+49 30 1234567' }),
      await lead({ phone: '+33 1 23 45 67 89' }),
      await lead({ ...linkedin }),
    ];
    // Two leads three weeks ago, one qualified; one thirteen weeks ago (outside the twelve).
    const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 86_400_000);
    await api.prisma.contactRequest.updateMany({ where: { id: { in: [ids[0]!, ids[1]!] } }, data: { receivedAt: weeksAgo(3) } });
    await api.prisma.contactRequest.update({ where: { id: ids[1]! }, data: { status: 'QUALIFIED' } });
    await api.prisma.contactRequest.update({ where: { id: ids[4]! }, data: { receivedAt: weeksAgo(13) } });

    const { body } = await asStaff<{ leadInsights: Insights }>(INSIGHTS, { filter: { search: mark } });
    expect(body.errors).toBeUndefined();
    const insights = body.data!.leadInsights;
    expect(insights.weeks).toHaveLength(12);
    const mondays = insights.weeks.map((week) => new Date(week.weekStart));
    expect(mondays.every((day) => day.getUTCDay() === 1 && day.getUTCHours() === 0)).toBe(true);
    expect(mondays[11]!.getTime()).toBeLessThanOrEqual(Date.now());
    // Two leads in the week of three weeks ago, two in this week.
    const week = 7 * 86_400_000;
    const weekOf = (at: number) => mondays.findIndex((monday) => at >= monday.getTime() && at < monday.getTime() + week);
    const expected = Array.from({ length: 12 }, () => 0);
    for (const at of [weeksAgo(3), weeksAgo(3), new Date(), new Date()]) expected[weekOf(at.getTime())]!++;
    expect(insights.weeks.map((week) => week.total)).toEqual(expected);
    const threeWeeksAgo = insights.weeks[weekOf(weeksAgo(3).getTime())]!;
    expect(threeWeeksAgo.byStatus).toEqual([
      { status: 'NEW', count: 1 },
      { status: 'CONTACTED', count: 0 },
      { status: 'DEMO_SENT', count: 0 },
      { status: 'QUALIFIED', count: 1 },
      { status: 'DISQUALIFIED', count: 0 },
      { status: 'SPAM', count: 0 },
    ]);
    // The period is the twelve weeks: the lead of thirteen weeks ago is in no count.
    expect(insights.total).toBe(4);
    expect(insights.sources).toEqual([
      { value: 'linkedin / paid-social', count: 2 },
      { value: 'www.google.com', count: 1 },
      { value: null, count: 1 },
    ]);
    expect(insights.interests).toEqual([
      { interest: 'SOLUTIONS', count: 3 },
      { interest: 'TECHNOLOGICAL_TRANSFORMATION', count: 1 },
    ]);
    expect(insights.countries).toEqual([
      { value: 'ES', count: 2 },
      { value: 'DE', count: 1 },
      { value: 'FR', count: 1 },
    ]);

    // The list's filters narrow it as they narrow the list.
    const qualified = (await asStaff<{ leadInsights: Insights }>(INSIGHTS, { filter: { search: mark, status: 'QUALIFIED' } })).body.data!
      .leadInsights;
    expect(qualified.total).toBe(1);
    expect(qualified.interests).toEqual([{ interest: 'TECHNOLOGICAL_TRANSFORMATION', count: 1 }]);
  });

  it('is for staff only', async () => {
    const { body } = await api.graphql(INSIGHTS, {});
    expect(body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('audiences asked for with a request', () => {
  const REQUESTED = `query Lead($id: ID!) { lead(id: $id) { requestedAudiences { country audience segmentId englishTaxonomyPath } } }`;

  it(
    'stores the explorer audiences a visitor asks for (the same ' + 'one twice once), named as a seat names them; the CSV says them',
    async () => {
      const domain = newDomain();
      const id = await submitLead(api, {
        email: `ana@${domain}`,
        audiences: [
          { country: 'DE', audience: 'motorsport-fans' },
          { country: 'ES', audience: 'tech-news-readers' },
          { country: 'DE', audience: 'motorsport-fans' },
        ],
      });
      const { body } = await asStaff<{ lead: { requestedAudiences: unknown[] } }>(REQUESTED, { id });
      expect(body.data!.lead.requestedAudiences).toEqual([
        {
          country: 'DE',
          audience: 'motorsport-fans',
          segmentId: 'SGM-DE-AUTO-MOTORSPORT-FANS',
          englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
        },
        {
          country: 'ES',
          audience: 'tech-news-readers',
          segmentId: 'SGM-ES-TECH-TECH-NEWS-READERS',
          englishTaxonomyPath: 'Segmentia › Technology and telecom › Tech news readers',
        },
      ]);
      const csv = (await asStaff<{ leadsCsv: string }>(`query { leadsCsv(filter: { search: "${domain}" }) }`)).body.data!.leadsCsv;
      expect(csv).toContain('SGM-DE-AUTO-MOTORSPORT-FANS; SGM-ES-TECH-TECH-NEWS-READERS');
    },
  );

  it('refuses an audience the catalogue does not have, naming it in text and as data, and more than 50, storing nothing', async () => {
    const SUBMIT = 'mutation S($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }';
    const unknown = contactInput({
      audiences: [
        { country: 'DE', audience: 'motorsport-fans' },
        { country: 'DE', audience: 'unicorn-riders' },
      ],
    });
    const refused = await api.graphql(SUBMIT, { input: unknown }, { 'x-forwarded-for': '10.91.0.1' });
    expect(refused.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { audiences: [{ code: 'unknownAudience', message: 'audiences: not in the catalogue: DE unicorn-riders' }] },
      unknownAudiences: [{ country: 'DE', audience: 'unicorn-riders' }],
    });
    const tooMany = contactInput({ audiences: Array.from({ length: 51 }, () => ({ country: 'DE', audience: 'motorsport-fans' })) });
    const refusedMany = await api.graphql(SUBMIT, { input: tooMany }, { 'x-forwarded-for': '10.91.0.2' });
    expect(JSON.stringify(refusedMany.body.errors)).toContain('audiences');
    expect(await api.prisma.contactRequest.count({ where: { requestId: { in: [unknown.requestId, tooMany.requestId] } } })).toBe(0);
  });
});

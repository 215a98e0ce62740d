// Over 300 lines on purpose: every staff query and mutation of the leads (who may read them, the list and its filters,
// cursors, CSV, status, erasure, retention) tested over HTTP against one API and database, one describe block each.
import { randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from './support/api';
import { createTestIdentity, serveKeySet, STAFF, TEST_PROJECT_ID, type TestIdentity } from '@segmentia/testing';
import { contactInput, leadRow, submitLead } from './support/leads';
import { until } from '@segmentia/testing';

const LEADS = `query Leads($filter: LeadsFilter, $first: Int, $after: String) {
  leads(filter: $filter, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id agencyName contactName email status receivedAt locale interest } }
  }
}`;

interface LeadNode {
  id: string;
  agencyName: string;
  contactName: string;
  email: string;
  status: string;
  receivedAt: string;
  locale: string;
  interest: string;
}
interface LeadsData {
  leads: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { cursor: string; node: LeadNode }[] };
}

let identity: TestIdentity;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let api: TestApi;
let staffToken: string;

/** A GraphQL call as the signed-in sales account. */
const asStaff = <T>(query: string, variables?: Record<string, unknown>) =>
  api.graphql<T>(query, variables, { authorization: `Bearer ${staffToken}` });

beforeAll(async () => {
  const made = await createTestIdentity();
  identity = made;
  keySet = await serveKeySet(made.publicJwk);
  api = await startTestApi({
    TRUST_PROXY_HOPS: '1',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    // The test's own key set: no Firebase project holds its accounts to look up (account-check.e2e-spec does).
    STAFF_ACCOUNT_CHECK_SECONDS: '0',
    STAFF_EMAIL_DOMAINS: 'segmentia-partners.com',
    LEAD_RETENTION_MONTHS: '18',
    // The CSV limit's test writes and reads 50 001 leads in single statements.
    DATABASE_TIMEOUT_MS: '30000',
  });
  staffToken = await identity.sign();
});
afterAll(async () => {
  await api.close();
  await keySet.close();
});

describe('who may read leads', () => {
  const ask = (authorization?: string) => api.graphql<LeadsData>(LEADS, { first: 1 }, authorization === undefined ? {} : { authorization });

  it('lets a verified sales account (custom claim role: "sales") read them', async () => {
    const agencyName = `Lectores ${Date.now().toString(36)}`;
    await submitLead(api, { agencyName });
    const { body } = await api.graphql<LeadsData>(
      LEADS,
      { first: 1, filter: { search: agencyName } },
      { authorization: `Bearer ${staffToken}` },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.leads.totalCount).toBe(1);
  });

  it('lets a verified account of a STAFF_EMAIL_DOMAINS domain read them without the claim', async () => {
    const token = await identity.sign({ uid: 'partner-1', email: 'Marta@Segmentia-Partners.com', role: undefined });
    const { body } = await ask(`Bearer ${token}`);
    expect(body.errors).toBeUndefined();
  });

  it.each<[string, () => Promise<string | undefined>, string]>([
    ['no Authorization header', async () => undefined, 'missing'],
    ['another scheme', async () => `Basic ${Buffer.from('ana:secret').toString('base64')}`, 'missing'],
    ['a token that is not a JWT', async () => 'Bearer not-a-token', 'invalid'],
    ['an expired token', async () => `Bearer ${await identity.sign({ expiresIn: -120 })}`, 'expired'],
    ['a token for another project (audience)', async () => `Bearer ${await identity.sign({ audience: 'someone-else' })}`, 'invalid'],
    [
      'a token from another issuer',
      async () => `Bearer ${await identity.sign({ issuer: 'https://securetoken.google.com/someone-else' })}`,
      'invalid',
    ],
    ['a token signed with another key', async () => `Bearer ${await identity.sign({ foreignKey: true })}`, 'invalid'],
    ['an account whose email is not verified', async () => `Bearer ${await identity.sign({ emailVerified: false })}`, 'emailNotVerified'],
  ])('answers UNAUTHENTICATED to %s, and no data', async (_, header, reason) => {
    const { status, body } = await ask(await header());
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason });
    expect(body.errors![0]!.message).toMatch(/sign|token|email/i);
  });

  it('answers FORBIDDEN to a valid account that is not staff, naming it', async () => {
    const token = await identity.sign({ uid: 'visitor-1', email: 'someone@gmail.com', role: undefined });
    const { body } = await ask(`Bearer ${token}`);
    expect(body.data).toBeNull();
    expect(body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect(body.errors![0]!.message).toContain('someone@gmail.com');
  });

  it('answers FORBIDDEN to another role claim', async () => {
    const token = await identity.sign({ uid: 'marketing-1', email: 'eva@segmentia.es', role: 'marketing' });
    const { body } = await ask(`Bearer ${token}`);
    expect(body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('guards every staff operation, mutations included', async () => {
    const id = await submitLead(api);
    const operations = [
      [`{ lead(id: "${id}") { id } }`, {}],
      ['{ leadsCsv }', {}],
      [`mutation { updateLeadStatus(id: "${id}", status: CONTACTED) { id } }`, {}],
      [`mutation { eraseLead(id: "${id}") { id } }`, {}],
    ] as const;
    for (const [query] of operations) {
      const { body } = await api.graphql(query);
      expect(body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    }
    const [row] = await api.prisma.contactRequest.findMany({ where: { id } });
    expect(row!.status).toBe('NEW');
  });

  it('keeps the public queries open, with or without a token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const { body } = await api.graphql<{ coverage: { countries: number } }>('{ coverage { countries } }', undefined, headers);
      expect(body.data!.coverage.countries).toBe(27);
    }
  });

  it('says so when staff sign-in is not configured on the server', async () => {
    const unconfigured = await startTestApi();
    try {
      const { body } = await unconfigured.graphql(LEADS, {}, { authorization: `Bearer ${staffToken}` });
      expect(body.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'notConfigured' });
    } finally {
      await unconfigured.close();
    }
  });

  it('answers SERVICE_UNAVAILABLE, not a verdict on the token, when the key set cannot be read', async () => {
    const blind = await startTestApi({ FIREBASE_PROJECT_ID: TEST_PROJECT_ID, FIREBASE_JWKS_URL: 'http://127.0.0.1:9/jwks' });
    try {
      const { body } = await blind.graphql(LEADS, {}, { authorization: `Bearer ${staffToken}` });
      expect(body.errors![0]!.extensions!.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await blind.close();
    }
  });
});

describe('leads', () => {
  /** Leads of one test, told apart from the others' by a tag in the agency name. */
  async function leadsTagged(count: number, overrides: (index: number) => Record<string, unknown> = () => ({})) {
    const tag = `T${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1)
      ids.push(await submitLead(api, { agencyName: `Agencia ${tag} ${index}`, ...overrides(index) }));
    return { tag, ids };
  }

  it('lists them newest first, a page at a time, each exactly once, with the total', async () => {
    const { tag, ids } = await leadsTagged(5);
    const seen: string[] = [];
    const page = async (after: string | null): Promise<LeadsData['leads']> => {
      const { body } = await asStaff<LeadsData>(LEADS, { filter: { search: tag }, first: 2, after });
      expect(body.errors).toBeUndefined();
      return body.data!.leads;
    };
    let after: string | null = null;
    let pages = 0;
    do {
      const { edges, pageInfo, totalCount } = await page(after);
      expect(totalCount).toBe(5);
      seen.push(...edges.map((edge) => edge.node.id));
      after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('filters by status, interest, language, dates and text in agency, contact or email, any case', async () => {
    const { tag, ids } = await leadsTagged(
      4,
      (index) =>
        [
          { interest: 'SOLUTIONS', locale: 'ES', contactName: 'Jörg Müller', email: 'jorg@example.de' },
          { interest: 'TECHNOLOGICAL_TRANSFORMATION', locale: 'DE', contactName: 'Ana Ruiz', email: 'ana@ruiz-media.es' },
          { interest: 'SOLUTIONS', locale: 'FR', contactName: 'Élodie Martin', email: 'elodie@martin.fr', phone: '01 23 45 67 89' },
          { interest: 'SOLUTIONS', locale: 'ES', website: 'https://spam.example' },
        ][index]!,
    );
    const names = async (filter: Record<string, unknown>) => {
      const { body } = await asStaff<LeadsData>(LEADS, { filter: { search: tag, ...filter }, first: 50 });
      return body.data!.leads.edges.map((edge) => ids.indexOf(edge.node.id)).sort();
    };
    expect(await names({})).toEqual([0, 1, 2, 3]);
    expect(await names({ status: 'SPAM' })).toEqual([3]);
    expect(await names({ status: 'NEW' })).toEqual([0, 1, 2]);
    expect(await names({ interest: 'TECHNOLOGICAL_TRANSFORMATION' })).toEqual([1]);
    expect(await names({ locale: 'FR' })).toEqual([2]);
    const { body } = await asStaff<LeadsData>(LEADS, { filter: { search: 'RUIZ-MEDIA' }, first: 50 });
    expect(body.data!.leads.edges.map((edge) => edge.node.id)).toContain(ids[1]);
    const { body: byName } = await asStaff<LeadsData>(LEADS, { filter: { search: 'jörg müller' }, first: 50 });
    expect(byName.data!.leads.edges.map((edge) => edge.node.id)).toContain(ids[0]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await names({ receivedFrom: future })).toEqual([]);
    expect(await names({ receivedTo: future, receivedFrom: new Date(Date.now() - 600_000).toISOString() })).toEqual([0, 1, 2, 3]);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const { tag } = await leadsTagged(1);
    const { body } = await asStaff<LeadsData>(LEADS, { filter: { search: `${tag}%_` }, first: 5 });
    expect(body.data!.leads.totalCount).toBe(0);
  });

  it('names every bad argument', async () => {
    // GraphQL itself rejects an option not in the enum, naming the field within the variable ($filter).
    const { body } = await asStaff(LEADS, { filter: { status: 'WON' } });
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { status: [expect.objectContaining({ code: 'isEnum' })] },
    });
    const { body: ranged } = await asStaff(LEADS, { first: 0, after: 'bm90LWEtY3Vyc29y', filter: { search: 'x'.repeat(101) } });
    expect(Object.keys(ranged.errors![0]!.extensions!.fieldErrors as object).sort()).toEqual(['filter.search', 'first']);
    const { body: cursor } = await asStaff(LEADS, { first: 5, after: 'bm90LWEtY3Vyc29y' });
    expect(cursor.errors![0]!.extensions!.fieldErrors).toEqual({ after: [expect.objectContaining({ code: 'isCursor' })] });
  });

  it('reads one lead, every field', async () => {
    const [id] = (await leadsTagged(1, () => ({ locale: 'DE', phone: '030 1234567', pagePath: '/de/' }))).ids;
    const { body } = await asStaff<{ lead: Record<string, unknown> }>(
      `query Lead($id: ID!) { lead(id: $id) { id phone locale pagePath position decisionRole ` +
        `agencySize advertiserCount message termsVersion status statusUpdatedAt } }`,
      { id },
    );
    expect(body.data!.lead).toMatchObject({
      id,
      phone: '+49301234567',
      locale: 'DE',
      pagePath: '/de/',
      status: 'NEW',
      statusUpdatedAt: null,
    });
    const { body: missing } = await asStaff(`{ lead(id: "${randomUUID()}") { id } }`);
    expect(missing.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });

  it(
    'keeps where each visit came from: a campaign, a referring site, ' + 'a direct visit; shows it as the source, filters and exports it',
    async () => {
      const { tag, ids } = await leadsTagged(
        3,
        (index) =>
          [
            {
              landingPage: '/en/',
              utmSource: 'newsletter',
              utmMedium: 'email',
              utmCampaign: `autumn-${index}`,
              utmTerm: 'audiences',
              utmContent: 'header',
              gclid: 'Cj0KCQ-abc_123',
            },
            { landingPage: '/de/legal/', referrerHost: 'www.linkedin.com' },
            { landingPage: '/' },
          ][index]!,
      );
      const { body } = await asStaff<{ leads: { edges: { node: Record<string, unknown> }[] } }>(
        `query Leads($filter: LeadsFilter) { leads(filter: $filter) { edges { node { id source ` +
          `landingPage referrerHost utmSource utmMedium utmCampaign utmTerm utmContent gclid } } } }`,
        { filter: { search: tag } },
      );
      const byId = new Map(body.data!.leads.edges.map(({ node }) => [node.id, node]));
      expect(byId.get(ids[0]!)).toMatchObject({
        source: 'newsletter / email',
        landingPage: '/en/',
        utmCampaign: 'autumn-0',
        utmTerm: 'audiences',
        utmContent: 'header',
        gclid: 'Cj0KCQ-abc_123',
      });
      expect(byId.get(ids[1]!)).toMatchObject({
        source: 'www.linkedin.com',
        landingPage: '/de/legal/',
        referrerHost: 'www.linkedin.com',
        utmSource: null,
        gclid: null,
      });
      expect(byId.get(ids[2]!)).toMatchObject({ source: null, landingPage: '/', referrerHost: null });

      const filtered = async (source: string) =>
        (await asStaff<LeadsData>(LEADS, { filter: { search: tag, source } })).body.data!.leads.edges.map(({ node }) => node.id);
      expect(await filtered('NEWSLETTER')).toEqual([ids[0]]);
      expect(await filtered('linkedin')).toEqual([ids[1]]);
      expect(await filtered('autumn')).toEqual([ids[0]]);

      const { body: csv } = await asStaff<{ leadsCsv: string }>(
        `query Csv($filter: LeadsFilter) { leadsCsv(filter: $filter, separator: COMMA) }`,
        { filter: { search: tag, source: 'newsletter' } },
      );
      expect(csv.data!.leadsCsv).toContain(',/en/,,newsletter,email,autumn-0,audiences,header,Cj0KCQ-abc_123,');
    },
  );

  it('refuses attribution that is not what a browser sends, naming the field', async () => {
    const { body } = await api.graphql(`mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }`, {
      input: contactInput({ referrerHost: 'https://evil.example/path', landingPage: 'https://evil.example/', gclid: 'a b' }),
    });
    const fields = body.errors![0]!.extensions!.fieldErrors as Record<string, { code: string }[]>;
    expect(Object.keys(fields).sort()).toEqual(['gclid', 'landingPage', 'referrerHost']);
    expect(fields.referrerHost![0]!.code).toBe('isFqdn');
  });

  it('moves a lead along the pipeline and stamps the change', async () => {
    const [id] = (await leadsTagged(1)).ids;
    for (const status of ['CONTACTED', 'DEMO_SENT', 'QUALIFIED']) {
      const { body } = await asStaff<{ updateLeadStatus: { status: string; statusUpdatedAt: string } }>(
        `mutation { updateLeadStatus(id: "${id}", status: ${status}) { status statusUpdatedAt } }`,
      );
      expect(body.data!.updateLeadStatus.status).toBe(status);
    }
    const row = await api.prisma.contactRequest.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe('QUALIFIED');
    expect(Date.now() - row.statusUpdatedAt!.getTime()).toBeLessThan(10_000);
    const { body } = await asStaff(`mutation Update($status: LeadStatus!) { updateLeadStatus(id: "${id}", status: $status) { status } }`, {
      status: 'WON',
    });
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { status: [expect.objectContaining({ code: 'isEnum' })] },
    });
    const { body: missing } = await asStaff(`mutation { updateLeadStatus(id: "${randomUUID()}", status: CONTACTED) { status } }`);
    expect(missing.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });

  it('erases a lead with its notifications and keeps only that an erasure happened, by whom, of which id', async () => {
    const [id] = (await leadsTagged(1)).ids;
    await api.prisma.leadNotification.create({ data: { leadId: id!, channel: 'WEBHOOK' } });
    const { body } = await asStaff<{ eraseLead: { id: string; erasedAt: string } }>(`mutation { eraseLead(id: "${id}") { id erasedAt } }`);
    const receipt = body.data!.eraseLead;
    expect(await api.prisma.contactRequest.count({ where: { id } })).toBe(0);
    expect(await api.prisma.leadNotification.count({ where: { leadId: id } })).toBe(0);
    const erasure = await api.prisma.leadErasure.findUniqueOrThrow({ where: { id: receipt.id } });
    // The lead's id stays with its erasure: the backups' erasure ledger erases it again after a restore.
    expect(erasure).toEqual({
      id: receipt.id,
      erasedAt: new Date(receipt.erasedAt),
      reason: 'REQUEST',
      count: 1,
      erasedBy: STAFF.uid,
      leadIds: [id],
      objectionCount: 0,
      objectionIds: [],
    });
    const { body: again } = await asStaff(`mutation { eraseLead(id: "${id}") { id } }`);
    expect(again.errors![0]!.extensions!.code).toBe('NOT_FOUND');
  });

  it('exports the filtered leads as CSV a spreadsheet opens as it should', async () => {
    const { tag } = await leadsTagged(
      2,
      (index) =>
        [
          { contactName: 'Jörg Müller-Ñúñez', message: 'Hola, "audiencias"; y\nuna segunda línea' },
          { contactName: 'Ana', message: '=HYPERLINK("http://evil.example","click")' },
        ][index]!,
    );
    const csv = async (separator: string) => {
      const { body } = await asStaff<{ leadsCsv: string }>(
        `query Csv($filter: LeadsFilter) { leadsCsv(filter: $filter, separator: ${separator}) }`,
        {
          filter: { search: tag },
        },
      );
      return body.data!.leadsCsv;
    };
    const semicolons = await csv('SEMICOLON');
    expect(semicolons.startsWith('\uFEFFReceived (UTC);Status;Agency;')).toBe(true);
    // Header and two leads, each line ended by CRLF; the line break inside a message stays inside its quotes.
    expect(semicolons.slice(1).split('\r\n')).toHaveLength(4);
    expect(semicolons).toContain(';Jörg Müller-Ñúñez;');
    expect(semicolons).toContain(';"Hola, ""audiencias""; y\nuna segunda línea";');
    // A cell that a spreadsheet would run as a formula is text.
    expect(semicolons).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(semicolons).toContain(";'+34911234567;");
    expect(semicolons).not.toMatch(/;=|;\+/);
    const commas = await csv('COMMA');
    expect(commas.split('\r\n')[0]).toBe(
      '\uFEFFReceived (UTC),Status,Agency,Agency type,Yearly media spend,Advertisers,Contact,Email,Free ' +
        'email,Phone,Position,Decision role,Interest,Message,Language,Page,Landing ' +
        'page,Referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,Country,Fit ' +
        'score,Fit reasons,Request number,Repeat of,Audiences,Lead id',
    );
  });

  it('refuses a CSV of more than 50 000 leads, naming the filter, and gives one of exactly 50 000', async () => {
    // 50 001 leads in one statement, told apart from every other test's by a tag in the agency name, and gone at the end.
    const tag = `CsvLimit${randomUUID().slice(0, 8)}`;
    await api.prisma.$executeRaw`
      INSERT INTO contact_request (id, request_id, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name, email,
        position, decision_role, interest, terms_version, terms_accepted_at)
      SELECT gen_random_uuid(), gen_random_uuid(), 'ES', ${tag} || ' ' || n, 'MEDIA', 'UP_TO_2M', 'FROM_1_TO_10',
        'Ana', 'ana' || n || '@agencia.es',
        'DIRECTOR', 'DECIDE', 'SOLUTIONS', '2026-11-01', now()
      FROM generate_series(1, 50001) AS n`;
    try {
      const csv = () =>
        asStaff<{ leadsCsv: string }>(`query Csv($filter: LeadsFilter) { leadsCsv(filter: $filter, separator: COMMA) }`, {
          filter: { search: tag },
        });
      const { body: refused } = await csv();
      expect(refused.data).toBeNull();
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: { filter: [{ code: 'maxRows', message: 'filter: more than 50000 leads match; narrow the filter to 50000 or fewer' }] },
      });

      await api.prisma.$executeRaw`DELETE FROM contact_request WHERE agency_name = ${`${tag} 50001`}`;
      const { body } = await csv();
      expect(body.errors).toBeUndefined();
      const lines = body.data!.leadsCsv.split('\r\n');
      // The header, 50 000 leads, and the empty rest after the last CRLF.
      expect(lines).toHaveLength(50_002);
      expect(lines[1]).toContain(`,${tag} `);
      expect(lines.at(-1)).toBe('');
    } finally {
      await api.prisma.$executeRaw`DELETE FROM contact_request WHERE agency_name LIKE ${`${tag} %`}`;
    }
  }, 60_000);

  it('refuses two exports in one operation before running either: one CSV per request', async () => {
    const { status, body } = await api.graphql(
      '{ a: leadsCsv(separator: COMMA) b: leadsCsv(separator: SEMICOLON) }',
      {},
      { authorization: `Bearer ${staffToken}` },
    );
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors![0]!.message).toMatch(/leadsCsv may be asked once per operation, not 2 times/);
  });

  it('states the retention period for the privacy policy, and no webhook processor while no webhook is set', async () => {
    const { body } = await api.graphql<{ privacy: { leadRetentionMonths: number; webhookProcessor: string } }>(
      '{ privacy { leadRetentionMonths webhookProcessor } }',
    );
    // The policy leaves the webhook's item out (N-L4): it names no processor that receives nothing.
    expect(body.data!.privacy).toEqual({ leadRetentionMonths: 18, webhookProcessor: '' });
  });
});

describe('retention', () => {
  it('erases, when the API starts and then on schedule, the leads older than LEAD_RETENTION_MONTHS, and records how many', async () => {
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * 24 * 3600 * 1000);
    const lead = (receivedAt: Date) => ({ ...leadRow(), receivedAt });
    // 19 months: past this API's 18 (and not past the 24 of the other test APIs that share the database).
    const expired = await api.prisma.contactRequest.create({ data: lead(monthsAgo(19)), select: { id: true } });
    const kept = await api.prisma.contactRequest.create({ data: lead(monthsAgo(17)), select: { id: true } });
    const since = new Date();
    const scheduled = await startTestApi({ LEAD_RETENTION_MONTHS: '18' });
    try {
      await until('the expired lead is erased', async () => (await api.prisma.contactRequest.count({ where: { id: expired.id } })) === 0);
      expect(await api.prisma.contactRequest.count({ where: { id: kept.id } })).toBe(1);
      const erasures = await api.prisma.leadErasure.findMany({ where: { reason: 'RETENTION', erasedAt: { gte: since } } });
      expect(erasures.reduce((sum, erasure) => sum + erasure.count, 0)).toBeGreaterThanOrEqual(1);
      expect(erasures.every((erasure) => erasure.erasedBy === null)).toBe(true);
    } finally {
      await scheduled.close();
    }
  });
});

describe('retention of spam and consent records', () => {
  it(
    'erases spam after SPAM_RETENTION_DAYS and consent records after ' + 'CONSENT_RETENTION_MONTHS, and states both for the privacy policy',
    async () => {
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
      const spam = (receivedAt: Date) =>
        api.prisma.contactRequest.create({ data: { ...leadRow(), receivedAt, isSpam: true, status: 'SPAM' }, select: { id: true } });
      // A real request that staff marked as spam (the honeypot did not catch it): on the same schedule.
      const markedSpam = (receivedAt: Date) =>
        api.prisma.contactRequest.create({
          data: { ...leadRow(), receivedAt, status: 'SPAM', statusUpdatedAt: new Date() },
          select: { id: true },
        });
      const oldMarked = await markedSpam(daysAgo(11));
      const newMarked = await markedSpam(daysAgo(9));
      const record = (decidedAt: Date) =>
        api.prisma.consentRecord.create({
          data: {
            consentId: randomUUID(),
            decisionId: randomUUID(),
            enabledIds: ['consent'],
            revision: 'consent',
            locale: 'ES',
            decidedAt,
          },
          select: { id: true },
        });
      // Shorter than the other test APIs' defaults (30 days, 36 months), which share the database.
      const oldSpam = await spam(daysAgo(11));
      const newSpam = await spam(daysAgo(9));
      const oldRecord = await record(daysAgo(13 * 30.5));
      const newRecord = await record(daysAgo(11 * 30.5));
      const scheduled = await startTestApi({ SPAM_RETENTION_DAYS: '10', CONSENT_RETENTION_MONTHS: '12' });
      try {
        await until(
          'the old spam and record are erased',
          async () =>
            (await api.prisma.contactRequest.count({ where: { id: { in: [oldSpam.id, oldMarked.id] } } })) +
              (await api.prisma.consentRecord.count({ where: { id: oldRecord.id } })) ===
            0,
        );
        expect(await api.prisma.contactRequest.count({ where: { id: { in: [newSpam.id, newMarked.id] } } })).toBe(2);
        expect(await api.prisma.consentRecord.count({ where: { id: newRecord.id } })).toBe(1);
        const { body } = await scheduled.graphql<{ privacy: Record<string, number> }>(
          '{ privacy { spamRetentionDays consentRecordRetentionMonths } }',
        );
        expect(body.data!.privacy).toEqual({ spamRetentionDays: 10, consentRecordRetentionMonths: 12 });
      } finally {
        await scheduled.close();
        await api.prisma.contactRequest.deleteMany({ where: { id: { in: [newSpam.id, newMarked.id] } } });
        await api.prisma.consentRecord.deleteMany({ where: { id: newRecord.id } });
      }
    },
  );
});

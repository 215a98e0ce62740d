import { randomUUID } from 'node:crypto';
import { contactInput } from './support/leads';
import { startTestApi, type TestApi } from './support/api';

const RECORD = `mutation Record($input: ConsentRecordInput!) { recordConsent(input: $input) { id decidedAt } }`;
const REVISION = 'consent~language~analytics~tag-manager';

let api: TestApi;
const record = (input: Record<string, unknown>, ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) =>
  api.graphql<{ recordConsent: { id: string; decidedAt: string } }>(RECORD, { input }, { 'x-forwarded-for': ip });
const decision = (overrides: Record<string, unknown> = {}) => ({
  consentId: randomUUID(),
  decisionId: randomUUID(),
  enabledIds: ['consent', 'language', 'analytics'],
  revision: REVISION,
  locale: 'DE',
  ...overrides,
});

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY_HOPS: '1', CONSENT_RATE_LIMIT_PER_MINUTE: '3', CONTACT_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => api.close());

describe('recordConsent', () => {
  it('stores when and how the visitor decided, and nothing about the person', async () => {
    const input = decision({ enabledIds: ['language', 'analytics', 'consent', 'analytics'] });
    const { body } = await record(input);
    const receipt = body.data!.recordConsent;
    const row = await api.prisma.consentRecord.findUniqueOrThrow({ where: { id: receipt.id } });
    expect(row).toEqual({
      id: receipt.id,
      consentId: input.consentId,
      decisionId: input.decisionId,
      enabledIds: ['analytics', 'consent', 'language'],
      revision: REVISION,
      locale: 'DE',
      gpc: false,
      decidedAt: new Date(receipt.decidedAt),
    });
    const columns = await api.prisma.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'consent_record'`;
    expect(columns.map((column) => column.column_name).sort()).toEqual(
      ['consent_id', 'decided_at', 'decision_id', 'enabled_ids', 'gpc', 'id', 'locale', 'revision'].sort(),
    );
  });

  it('stores that the browser sent the Global Privacy Control signal', async () => {
    const { body } = await record(decision({ gpc: true }));
    const row = await api.prisma.consentRecord.findUniqueOrThrow({ where: { id: body.data!.recordConsent.id } });
    expect(row.gpc).toBe(true);
  });

  it('keeps every decision of a browser, and a retried decision once', async () => {
    const consentId = randomUUID();
    const first = decision({ consentId });
    await record(first);
    await record(first);
    await record(decision({ consentId, enabledIds: ['consent', 'language'] }));
    const rows = await api.prisma.consentRecord.findMany({ where: { consentId }, orderBy: { decidedAt: 'asc' } });
    expect(rows.map((row) => row.enabledIds)).toEqual([
      ['analytics', 'consent', 'language'],
      ['consent', 'language'],
    ]);
  });

  it.each([
    ['consentId', 'not-a-uuid', 'isUuid'],
    ['enabledIds', ['Analytics!'], 'matches'],
    ['revision', 'consent language', 'matches'],
  ])('rejects a bad %s, naming it', async (field, value, code) => {
    const { body } = await record(decision({ [field]: value }));
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { [field]: [expect.objectContaining({ code })] },
    });
  });

  it('has a per-IP limit of its own, apart from the contact form', async () => {
    const ip = '10.200.1.1';
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await record(decision(), ip)).body.errors?.[0]?.extensions?.code ?? 'OK');
    expect(codes).toEqual(['OK', 'OK', 'OK', 'TOO_MANY_REQUESTS']);
    const contact = await api.graphql(
      `mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }`,
      { input: contactInput() },
      { 'x-forwarded-for': ip },
    );
    expect(contact.body.errors).toBeUndefined();
  });
});

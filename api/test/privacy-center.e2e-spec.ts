// The privacy centre over HTTP: an opt-out of the audiences is proved, stored once as a keyed hash (never the ID),
// idempotent and rate-limited; staff count the suppression list (the pipeline reads it with a key of its own); a web browser's
// written objection is stored, listed for staff, answered (recorded with the account) and erased by retention.
import { createHmac, randomUUID } from 'node:crypto';
import { createTestIdentity, serveKeySet, solvedProof, STAFF, TEST_PROJECT_ID } from '@segmentia/testing';
import { RetentionService } from '../src/leads/retention.service';
import { startTestApi, type TestApi } from './support/api';

const KEY = 'k'.repeat(40);
const OPT_OUT = `mutation OptOut($input: OptOutInput!) { optOutOfAudiences(input: $input) { id optedOutAt deviceType } }`;
const OBJECT = `mutation Object($input: ObjectionInput!) { objectToAudiences(input: $input) { id receivedAt } }`;
type Receipt = { id: string; optedOutAt: string; deviceType: string };

let api: TestApi;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let staffToken: string;

/** A fresh address per call (one of 16 million): the limit is tested apart, and counters in Redis outlive a run. */
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;
/** A freshly solved challenge, as the page's widget sends it. */
const proof = (on = api) => solvedProof(`${on.url}/graphql`);

async function optOut(input: Record<string, unknown>, ip = newIp(), on = api) {
  return on.graphql<{ optOutOfAudiences: Receipt }>(
    OPT_OUT,
    { input: { requestId: randomUUID(), deviceType: 'ANDROID', ...input } },
    {
      'x-forwarded-for': ip,
    },
  );
}
const asStaff = <T>(query: string, variables?: Record<string, unknown>) =>
  api.graphql<T>(query, variables, { authorization: `Bearer ${staffToken}` });
const hashOf = (id: string) => createHmac('sha256', KEY).update(id.toLowerCase()).digest('hex');

beforeAll(async () => {
  const identity = await createTestIdentity();
  keySet = await serveKeySet(identity.publicJwk);
  api = await startTestApi({
    TRUST_PROXY_HOPS: '1',
    SUPPRESSION_HASH_KEY: KEY,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    STAFF_ACCOUNT_CHECK_SECONDS: '0',
  });
  staffToken = await identity.sign();
});
afterAll(async () => {
  await api.close();
  await keySet.close();
});

describe('opting out of the audiences', () => {
  it('stores the ID once, as its keyed hash and never as itself, and shows a receipt', async () => {
    const id = randomUUID().toUpperCase();
    const { body } = await optOut({ deviceType: 'APPLE', advertisingId: id, altcha: await proof() });
    expect(body.errors).toBeUndefined();
    const receipt = body.data!.optOutOfAudiences;
    expect(receipt).toMatchObject({ deviceType: 'APPLE', optedOutAt: expect.any(String) });
    const rows = await api.prisma.$queryRaw<Record<string, unknown>[]>`SELECT * FROM audience_suppression WHERE id = ${receipt.id}::uuid`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ device_type: 'APPLE', id_hash: hashOf(id) });
    const stored = JSON.stringify(rows[0]).toLowerCase();
    expect(stored).not.toContain(id.toLowerCase());
    expect(stored).not.toContain(id.toLowerCase().replaceAll('-', ''));
  });

  it('is idempotent: the same ID again, in any case, gets the first receipt; the same requestId gets the same answer', async () => {
    const id = randomUUID();
    const first = (await optOut({ advertisingId: id, altcha: await proof() })).body.data!.optOutOfAudiences;
    const again = await optOut({ deviceType: 'CONNECTED_TV', advertisingId: ` ${id.toUpperCase()} `, altcha: await proof() });
    expect(again.body.data!.optOutOfAudiences).toEqual(first);
    const requestId = randomUUID();
    const other = randomUUID();
    const once = (await optOut({ requestId, advertisingId: other, altcha: await proof() })).body.data!.optOutOfAudiences;
    // A retried send: the same answer, even without a fresh proof.
    expect((await optOut({ requestId, advertisingId: other, altcha: null })).body.data!.optOutOfAudiences).toEqual(once);
    expect(await api.prisma.audienceSuppression.count({ where: { idHash: { in: [hashOf(id), hashOf(other)] } } })).toBe(2);
  });

  it('refuses without a proof of work, or with one already used, storing nothing', async () => {
    const id = randomUUID();
    const missing = await optOut({ advertisingId: id, altcha: null });
    expect(missing.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { altcha: [{ code: 'altchaMissing' }] },
    });
    const used = await proof();
    expect((await optOut({ advertisingId: randomUUID(), altcha: used })).body.errors).toBeUndefined();
    const reused = await optOut({ advertisingId: id, altcha: used });
    expect(reused.body.errors![0]!.extensions!.fieldErrors).toEqual({ altcha: [expect.objectContaining({ code: 'altchaReused' })] });
    expect(await api.prisma.audienceSuppression.count({ where: { idHash: hashOf(id) } })).toBe(0);
  });

  it.each([
    ['all zeros (tracking already limited)', '00000000-0000-0000-0000-000000000000', 'notZeroId'],
    ['not a UUID', 'my-phone-123', 'isAdvertisingId'],
    ['a UUID without its hyphens', randomUUID().replaceAll('-', ''), 'isAdvertisingId'],
  ])('refuses an ID that is %s with a field error', async (_name, advertisingId, code) => {
    const { body } = await optOut({ advertisingId, altcha: await proof() });
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { advertisingId: [{ code }] } });
  });

  it('limits each client to CONTACT_RATE_LIMIT_PER_MINUTE', async () => {
    const limited = await startTestApi({ TRUST_PROXY_HOPS: '1', CONTACT_RATE_LIMIT_PER_MINUTE: '2', SUPPRESSION_HASH_KEY: KEY });
    try {
      const ip = newIp();
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const { body } = await optOut({ advertisingId: randomUUID(), altcha: await proof(limited) }, ip, limited);
        codes.push(body.errors?.[0]?.extensions?.code ?? 'OK');
      }
      expect(codes).toEqual(['OK', 'OK', 'TOO_MANY_REQUESTS']);
    } finally {
      await limited.close();
    }
  });
});

// The pipeline's reads of the list, with its machine key: machine-keys.e2e-spec.ts.
describe("the privacy centre's staff fields", () => {
  it('count the suppression list', async () => {
    expect((await optOut({ advertisingId: randomUUID(), altcha: await proof() })).body.errors).toBeUndefined();
    const { body } = await asStaff<{ privacyCenterSummary: { suppressions: number } }>(
      '{ privacyCenterSummary { suppressions openObjections } }',
    );
    expect(body.data!.privacyCenterSummary.suppressions).toBe(await api.prisma.audienceSuppression.count());
  });

  it.each([
    ['audienceSuppressions', `{ audienceSuppressions(since: "2026-01-01T00:00:00Z") { edges { node { idHash } } } }`],
    ['privacyCenterSummary', '{ privacyCenterSummary { suppressions } }'],
    ['audienceObjections', '{ audienceObjections { email } }'],
  ])('refuse %s without a token', async (_name, query) => {
    const { body } = await api.graphql(query);
    expect(body.data ?? null).toBeNull();
    expect(body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('the written objection of a web browser', () => {
  const OBJECTIONS = '{ audienceObjections { id email message locale answeredAt answeredBy } }';
  type Objections = { audienceObjections: { id: string; email: string; answeredAt: string | null; answeredBy: string | null }[] };
  const object = async (input: Record<string, unknown> = {}) =>
    api.graphql<{ objectToAudiences: { id: string } }>(
      OBJECT,
      {
        input: {
          requestId: randomUUID(),
          email: `lucia.${randomUUID().slice(0, 8)}@example.org`,
          message: 'Please keep my browser out of your audiences.',
          locale: 'ES',
          altcha: await proof(),
          ...input,
        },
      },
      { 'x-forwarded-for': newIp() },
    );

  it('is stored once, listed for staff open first, and answered with the account recorded', async () => {
    const requestId = randomUUID();
    const sent = await object({ requestId });
    expect(sent.body.errors).toBeUndefined();
    const { id } = sent.body.data!.objectToAudiences;
    expect((await object({ requestId, altcha: null })).body.data!.objectToAudiences.id).toBe(id);
    expect(await api.prisma.audienceObjection.count({ where: { requestId } })).toBe(1);

    const listed = (await asStaff<Objections>(OBJECTIONS)).body.data!.audienceObjections;
    const firstAnswered = listed.findIndex((objection) => objection.answeredAt);
    expect(listed.findIndex((objection) => objection.id === id)).toBeLessThan(firstAnswered === -1 ? Infinity : firstAnswered);
    const summary = await asStaff<{ privacyCenterSummary: { openObjections: number } }>('{ privacyCenterSummary { openObjections } }');
    expect(summary.body.data!.privacyCenterSummary.openObjections).toBeGreaterThanOrEqual(1);

    const since = new Date();
    const answered = await asStaff<{ answerAudienceObjection: { answeredAt: string; answeredBy: string } }>(
      `mutation { answerAudienceObjection(id: "${id}") { answeredAt answeredBy } }`,
    );
    expect(answered.body.data!.answerAudienceObjection).toMatchObject({ answeredBy: STAFF.email, answeredAt: expect.any(String) });
    const actions = await api.prisma.staffAction.findMany({ where: { kind: 'OBJECTION_ANSWERED', actedAt: { gte: since } } });
    expect(actions).toEqual([expect.objectContaining({ staffUid: STAFF.uid, staffEmail: STAFF.email, leadId: null })]);
    // Answering again changes nothing.
    await asStaff(`mutation { answerAudienceObjection(id: "${id}") { id } }`);
    expect(await api.prisma.staffAction.count({ where: { kind: 'OBJECTION_ANSWERED', actedAt: { gte: since } } })).toBe(1);
  });

  it('refuses a bad address or an empty message with field errors, and a call without proof', async () => {
    const { body } = await object({ email: 'not an address', message: 'short' });
    expect(Object.keys(body.errors![0]!.extensions!.fieldErrors as object).sort()).toEqual(['email', 'message']);
    const unproved = await object({ altcha: null });
    expect(unproved.body.errors![0]!.extensions!.fieldErrors).toEqual({ altcha: [expect.objectContaining({ code: 'altchaMissing' })] });
  });

  it('is erased by the retention job LEAD_RETENTION_MONTHS after it arrived', async () => {
    const row = (monthsAgo: number) =>
      api.prisma.audienceObjection.create({
        data: {
          requestId: randomUUID(),
          locale: 'DE',
          email: 'old@example.org',
          message: 'An old objection.',
          receivedAt: new Date(Date.now() - monthsAgo * 30.5 * 24 * 3600 * 1000),
        },
        select: { id: true },
      });
    const expired = await row(25);
    const kept = await row(23);
    await api.app.get(RetentionService).runOnce();
    expect(await api.prisma.audienceObjection.count({ where: { id: expired.id } })).toBe(0);
    expect(await api.prisma.audienceObjection.count({ where: { id: kept.id } })).toBe(1);
  });
});

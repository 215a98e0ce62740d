// The machines' keys over HTTP (security review 2, M6): the audiences' pipeline reads the suppression list with a key of
// its own, each read recorded and shown to staff; a key opens its scopes' fields and nothing else, a staff sign-in does
// not open them, a revoked key opens nothing; the API's role can neither make a key nor rewrite the record of reads.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createTestIdentity, serveKeySet, solvedProof, TEST_PROJECT_ID, testSetting } from '@segmentia/testing';
import { MachineScope } from '../src/machine-keys/machine-key';
import { Metrics } from '../src/metrics/metrics.service';
import { createMachineKey, listMachineKeys } from '../src/machine-keys/machine-keys';
import { suppressionKeyFingerprint } from '../src/privacy/suppression-key';
import { startTestApi, type TestApi } from './support/api';
import { bearer, machineKeys } from './support/machine-keys';

const KEY = 'm'.repeat(40);
const LIST = `query List($since: DateTime!, $first: Int, $after: String) {
  audienceSuppressions(since: $since, first: $first, after: $after) {
    edges { cursor node { id deviceType idHash suppressedAt reason source } } pageInfo { hasNextPage endCursor } keyFingerprint } }`;
type Node = { idHash: string; suppressedAt: string; reason: string; source: string };
type List = {
  audienceSuppressions: { edges: { node: Node }[]; pageInfo: { hasNextPage: boolean; endCursor: string }; keyFingerprint: string };
};
const SEND = `mutation Send($input: ConsentWithdrawalsInput!) { sendConsentWithdrawals(input: $input) { received added alreadyListed } }`;
const LAST_READ = '{ privacyCenterSummary { lastSuppressionRead { readAt keyName rows upTo } } }';

let api: TestApi;
let keys: Awaited<ReturnType<typeof machineKeys>>;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let staffToken: string;

const hashOf = (id: string) => createHmac('sha256', KEY).update(id.toLowerCase()).digest('hex');
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;
const optOut = async (advertisingId: string) => {
  const { body } = await api.graphql(
    'mutation OptOut($input: OptOutInput!) { optOutOfAudiences(input: $input) { id } }',
    { input: { requestId: randomUUID(), deviceType: 'ANDROID', advertisingId, altcha: await solvedProof(`${api.url}/graphql`) } },
    { 'x-forwarded-for': newIp() },
  );
  expect(body.errors).toBeUndefined();
};

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
  keys = await machineKeys();
});
afterAll(async () => {
  await api.close();
  await keySet.close();
  await keys.close();
});

describe("the pipeline's key", () => {
  it('reads the suppression list since a time, oldest first, a page at a time, with the fingerprint of the hashes’ key', async () => {
    const { key } = await keys.create([MachineScope.READ_SUPPRESSIONS]);
    const since = new Date();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) await optOut(id);
    const first = await api.graphql<List>(LIST, { since: since.toISOString(), first: 2 }, bearer(key));
    expect(first.body.errors).toBeUndefined();
    const page = first.body.data!.audienceSuppressions;
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.keyFingerprint).toBe(suppressionKeyFingerprint(KEY));
    const next = await api.graphql<List>(LIST, { since: since.toISOString(), first: 2, after: page.pageInfo.endCursor }, bearer(key));
    const nodes = [...page.edges, ...next.body.data!.audienceSuppressions.edges].map((edge) => edge.node);
    expect(nodes.map((node) => node.idHash)).toEqual(ids.map(hashOf));
    expect(nodes.every((node) => node.reason === 'OBJECTION' && node.source === 'PRIVACY_CENTER')).toBe(true);
    expect(next.body.data!.audienceSuppressions.pageInfo.hasNextPage).toBe(false);
  });

  it('has each read recorded (when, which key, how many, up to when), and staff see the last one', async () => {
    const { name, key } = await keys.create([MachineScope.READ_SUPPRESSIONS]);
    const since = new Date();
    await optOut(randomUUID());
    await optOut(randomUUID());
    const before = new Date();
    const { body } = await api.graphql<List>(LIST, { since: since.toISOString() }, bearer(key));
    const nodes = body.data!.audienceSuppressions.edges.map((edge) => edge.node);
    expect(nodes).toHaveLength(2);
    const reads = await keys.owner.suppressionListRead.findMany({ where: { machineKey: { name } } });
    expect(reads).toEqual([expect.objectContaining({ since, rows: 2, upTo: new Date(nodes[1]!.suppressedAt), readAt: expect.any(Date) })]);
    expect(reads[0]!.readAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    // An empty page is a read too: the pipeline ran and found nothing new.
    await api.graphql<List>(LIST, { since: new Date(Date.now() + 60_000).toISOString() }, bearer(key));
    const shown = await api.graphql<{ privacyCenterSummary: { lastSuppressionRead: Record<string, unknown> } }>(LAST_READ, undefined, {
      authorization: `Bearer ${staffToken}`,
    });
    expect(shown.body.errors).toBeUndefined();
    expect(shown.body.data!.privacyCenterSummary.lastSuppressionRead).toEqual({
      readAt: expect.any(String),
      keyName: name,
      rows: 0,
      upTo: null,
    });
    expect((await listMachineKeys(keys.owner)).find((listed) => listed.name === name)?.lastReadAt).toEqual(
      new Date(shown.body.data!.privacyCenterSummary.lastSuppressionRead.readAt as string),
    );

    // Prometheus reads the same table: the last read (another spec's may be later), and since when a reader key exists.
    const figure = async (metric: string) =>
      Number(/ ([\d.e+]+)$/m.exec(await api.app.get(Metrics).registry.getSingleMetricAsString(metric))?.[1]);
    const readAt = new Date(shown.body.data!.privacyCenterSummary.lastSuppressionRead.readAt as string).getTime() / 1000;
    expect(await figure('segmentia_suppression_list_last_read_timestamp_seconds')).toBeGreaterThanOrEqual(readAt);
    expect(await figure('segmentia_suppression_list_reader_since_timestamp_seconds')).toBeLessThanOrEqual(readAt);
  });

  it('is refused by every staff field (UNAUTHENTICATED), and a staff sign-in is refused by the pipeline’s fields', async () => {
    const { key } = await keys.create();
    const staffFields = [
      '{ leads { edges { node { id } } } }',
      `{ lead(id: "${randomUUID()}") { id } }`,
      '{ leadsCsv }',
      '{ leadInsights { total } }',
      '{ audienceObjections { email } }',
      '{ privacyCenterSummary { suppressions } }',
      `mutation { eraseLead(id: "${randomUUID()}") { erasedAt } }`,
      `mutation { updateLeadStatus(id: "${randomUUID()}", status: CONTACTED) { id } }`,
      `mutation { answerAudienceObjection(id: "${randomUUID()}") { id } }`,
    ];
    for (const query of staffFields) {
      const { body } = await api.graphql(query, undefined, bearer(key));
      expect([query, body.data ?? null]).toEqual([query, null]);
      expect([query, body.errors?.[0]?.extensions?.code]).toEqual([query, 'UNAUTHENTICATED']);
    }
    const asStaff = { authorization: `Bearer ${staffToken}` };
    const read = await api.graphql(LIST, { since: new Date().toISOString() }, asStaff);
    const send = await api.graphql(SEND, { input: { deviceType: 'APPLE', advertisingIds: [randomUUID()] } }, asStaff);
    for (const { body } of [read, send]) {
      expect(body.data ?? null).toBeNull();
      expect(body.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'invalid' });
    }
  });

  it('opens only its scopes’ fields (FORBIDDEN otherwise), and nothing once revoked or unknown', async () => {
    const reader = await keys.create([MachineScope.READ_SUPPRESSIONS]);
    const sender = await keys.create([MachineScope.SEND_WITHDRAWALS]);
    const since = { since: new Date().toISOString() };
    const withdrawals = { input: { deviceType: 'APPLE', advertisingIds: [randomUUID()] } };
    expect((await api.graphql(SEND, withdrawals, bearer(reader.key))).body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect((await api.graphql(LIST, since, bearer(sender.key))).body.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect((await api.graphql(LIST, since, bearer(reader.key))).body.errors).toBeUndefined();

    expect(await keys.revoke(reader.name)).toBe(true);
    expect(await keys.revoke(reader.name)).toBe(false);
    const revoked = await api.graphql(LIST, since, bearer(reader.key));
    expect(revoked.body.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'revoked' });
    const unknown = await api.graphql(LIST, since, bearer(`smk_${'A'.repeat(43)}`));
    expect(unknown.body.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'invalid' });
    const none = await api.graphql(LIST, since);
    expect(none.body.errors![0]!.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'missing' });
  });

  it('is shown once and stored as its SHA-256 only; a name is never taken twice', async () => {
    const { name, key } = await keys.create();
    const [row] = await keys.owner.$queryRaw<Record<string, unknown>[]>`SELECT * FROM machine_key WHERE name = ${name}`;
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row).toMatchObject({ key_hash: createHash('sha256').update(key).digest('hex') });
    await expect(createMachineKey(keys.owner, name, [MachineScope.SEND_WITHDRAWALS])).rejects.toThrow(`A machine key named ${name} exists`);
  });
});

describe("the API's role", () => {
  let apiRole: Client;
  beforeAll(async () => {
    apiRole = new Client({ connectionString: testSetting('apiDatabaseUrl') });
    await apiRole.connect();
  });
  afterAll(() => apiRole.end());

  it.each([
    [
      'make a key',
      `INSERT INTO machine_key (id, name, key_hash, scopes) VALUES (gen_random_uuid(), 'forged', repeat('a', 64), '{READ_SUPPRESSIONS}')`,
    ],
    ['un-revoke a key', 'UPDATE machine_key SET revoked_at = NULL'],
    ['rewrite a read', 'UPDATE suppression_list_read SET read_at = now()'],
    ['delete the reads', 'DELETE FROM suppression_list_read'],
    ['change the fingerprint', "UPDATE suppression_key_fingerprint SET fingerprint = repeat('0', 64)"],
    ['delete the fingerprint', 'DELETE FROM suppression_key_fingerprint'],
  ])('may not %s', async (_what, sql) => {
    await expect(apiRole.query(sql)).rejects.toThrow(/permission denied/);
  });
});

import { randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from './support/api';

const SUBMIT = `mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }`;
const input = () => ({
  requestId: randomUUID(),
  locale: 'EN',
  agencyName: 'North Media',
  agencyType: 'TRADING_DESK',
  agencySize: 'OVER_50M',
  advertiserCount: 'OVER_100',
  contactName: 'Sam Taylor',
  email: 'sam@northmedia.co.uk',
  position: 'C_LEVEL',
  decisionRole: 'INFLUENCE',
  interest: 'TECHNOLOGICAL_TRANSFORMATION',
  acceptTerms: true,
});
/** A fresh address per test (one of 16 million): counters in Redis outlive a run. */
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;
const send = (api: TestApi, ip: string) => api.graphql(SUBMIT, { input: input() }, { 'x-forwarded-for': ip });
const codeOf = (response: Awaited<ReturnType<typeof send>>) => response.body.errors?.[0]?.extensions?.code ?? 'OK';

describe('per-IP limit of contact requests', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY_HOPS: '1', CONTACT_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => api.close());

  it('answers TOO_MANY_REQUESTS past CONTACT_RATE_LIMIT_PER_MINUTE, storing nothing more', async () => {
    const ip = newIp();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(codeOf(await send(api, ip)));
    expect(codes).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'TOO_MANY_REQUESTS']);
    const rejected = await send(api, ip);
    expect(rejected.body.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThan(0);
    expect(rejected.body.errors![0]!.message).toMatch(/too many requests/i);
  });

  it('counts each address on its own', async () => {
    const busy = newIp();
    for (let i = 0; i < 5; i++) await send(api, busy);
    expect(codeOf(await send(api, busy))).toBe('TOO_MANY_REQUESTS');
    expect(codeOf(await send(api, newIp()))).toBe('OK');
  });

  it('leaves the explorer unlimited', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await send(api, ip);
    const { body } = await api.graphql('{ topics(locale: ES) { slug } }', undefined, { 'x-forwarded-for': ip });
    expect(body.errors).toBeUndefined();
  });
});

describe('with REDIS_URL, replicas share one limit', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let replicas: TestApi[];
  beforeAll(async () => {
    const settings = { TRUST_PROXY_HOPS: '1', CONTACT_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl };
    replicas = [await startTestApi(settings), await startTestApi(settings)];
  });
  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

  it('counts requests to either replica against the same limit', async () => {
    const [a, b] = replicas as [TestApi, TestApi];
    const ip = newIp();
    const codes = [codeOf(await send(a, ip)), codeOf(await send(b, ip)), codeOf(await send(a, ip)), codeOf(await send(b, ip))];
    expect(codes).toEqual(['OK', 'OK', 'OK', 'TOO_MANY_REQUESTS']);
  });
});

import { randomUUID } from 'node:crypto';
import { AppConfig } from '../src/common/config/app-config';
import { startTestApi, type TestApi } from './support/api';
import { testSetting } from '@segmentia/testing';

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

  it("leaves the explorer's budget alone", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await send(api, ip);
    const { body } = await api.graphql('{ topics(locale: ES) { slug } }', undefined, { 'x-forwarded-for': ip });
    expect(body.errors).toBeUndefined();
  });
});

describe('the budgets of queries, at their defaults', () => {
  const defaults = new AppConfig();
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      TRUST_PROXY_HOPS: '1',
      CHALLENGE_RATE_LIMIT_PER_MINUTE: String(defaults.CHALLENGE_RATE_LIMIT_PER_MINUTE),
      QUERY_RATE_LIMIT_PER_MINUTE: String(defaults.QUERY_RATE_LIMIT_PER_MINUTE),
      SEARCH_RATE_LIMIT_PER_MINUTE: String(defaults.SEARCH_RATE_LIMIT_PER_MINUTE),
    });
  });
  afterAll(() => api.close());
  const ask = (query: string, ip: string) => api.graphql(query, undefined, { 'x-forwarded-for': ip });

  it('answer the 11th contactChallenge of an address within a minute TOO_MANY_REQUESTS, another address still served', async () => {
    const ip = newIp();
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push(codeOf(await ask('{ contactChallenge }', ip)));
    expect(codes).toEqual([...Array(10).fill('OK'), 'TOO_MANY_REQUESTS']);
    expect(codeOf(await ask('{ contactChallenge }', newIp()))).toBe('OK');
  });

  it('count an IPv6 client by its /64', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 0; i < 10; i++) await ask('{ contactChallenge }', `${network}::${(i + 1).toString(16)}`);
    expect(codeOf(await ask('{ contactChallenge }', `${network}:ffff::1`))).toBe('TOO_MANY_REQUESTS');
  });

  it('refuse two challenges in one operation before running either', async () => {
    const { status, body } = await ask('{ a: contactChallenge b: contactChallenge }', newIp());
    expect(status).toBe(400);
    expect(body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors![0]!.message).toMatch(/contactChallenge may be asked once per operation/);
  });

  const [queryLimit, searchLimit] = [defaults.QUERY_RATE_LIMIT_PER_MINUTE, defaults.SEARCH_RATE_LIMIT_PER_MINUTE];
  const checks = () => `{ ${Array.from({ length: 5 }, (_, i) => `c${i}: checkEmail(email: "ana${i}@example.com") { kind }`).join(' ')} }`;

  it(`refuse an address's searches past SEARCH_RATE_LIMIT_PER_MINUTE (${searchLimit}), each alias counted`, async () => {
    const ip = newIp();
    // Five searches per request, each of its own text: none is answered from the response cache.
    const search = (i: number) => `s${i}: searchAudiences(country: "ES", text: "${randomUUID().slice(0, 8)}", locale: ES) { id }`;
    const searches = () => `{ ${Array.from({ length: 5 }, (_, i) => search(i)).join(' ')} }`;
    const codes = [];
    for (let i = 0; i < searchLimit / 5 + 1; i++) codes.push(codeOf(await ask(searches(), ip)));
    expect(codes.slice(0, -1).filter((code) => code !== 'OK')).toEqual([]);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    // The other public queries keep their own budget.
    expect(codeOf(await ask(checks(), ip))).toBe('OK');
  });

  it(`refuse an address's public queries past QUERY_RATE_LIMIT_PER_MINUTE (${queryLimit}), each alias counted`, async () => {
    const ip = newIp();
    const codes = [];
    for (let i = 0; i < queryLimit / 5 + 1; i++) codes.push(codeOf(await ask(checks(), ip)));
    expect(codes.slice(0, -1).filter((code) => code !== 'OK')).toEqual([]);
    expect(codes.at(-1)).toBe('TOO_MANY_REQUESTS');
    expect(codeOf(await ask('{ checkEmail(email: "ana@example.com") { kind } }', newIp()))).toBe('OK');
  });

  it('take no automatic persisted queries', async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } }),
    });
    const answer = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(answer.errors[0]!.extensions.code).toBe('PERSISTED_QUERY_NOT_SUPPORTED');
  });
});

describe('with REDIS_URL, replicas share one limit', () => {
  const redisUrl = testSetting('redisUrl');
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

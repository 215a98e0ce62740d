import { pbkdf2Sync, randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from './support/api';
import { contactInput } from './support/leads';
import { fetchChallenge, solve } from '@segmentia/testing';

const SUBMIT = `mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }`;

let api: TestApi;
/** Each request from its own address, so the per-IP limit (tested apart) stays out of the way. */
const submit = (input: Record<string, unknown>) =>
  api.graphql<{ submitContactRequest: { id: string } }>(
    SUBMIT,
    { input },
    { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  );
type Answer = Pick<Awaited<ReturnType<typeof submit>>['body'], 'errors'>;
const refusal = (body: Answer) =>
  (body.errors?.[0]?.extensions?.fieldErrors as Record<string, { code: string }[]> | undefined)?.altcha?.map((error) => error.code);
const stored = (requestId: unknown) => api.prisma.contactRequest.count({ where: { requestId: requestId as string } });
const graphqlUrl = () => `${api.url}/graphql`;
/** Runs `send` with the API's clock (it runs in this process) past the 2 s trap: only Date is faked, timers and I/O run as ever. */
function afterTheTrap<T>(send: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ now: Date.now() + 2100, doNotFake: [...RUNNING] });
  return send().finally(() => jest.useRealTimers());
}
/** Everything jest's fake timers could replace but Date. */
const RUNNING = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

beforeAll(async () => {
  // A real proof (PBKDF2, 100 iterations, about 16 attempts) and a time trap of 2 s.
  api = await startTestApi({ TRUST_PROXY_HOPS: '1', ALTCHA_COST: '100', ALTCHA_DIFFICULTY: '1', CONTACT_MIN_FILL_SECONDS: '2' });
});
afterAll(() => api.close());

describe('contactChallenge', () => {
  it("is ALTCHA's challenge JSON, signed, with its id, its earliest sending time and its expiry", async () => {
    const before = Date.now();
    const challenge = await fetchChallenge(graphqlUrl());
    expect(challenge).toMatchObject({
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        cost: 100,
        nonce: expect.stringMatching(/^[0-9a-f]+$/),
        salt: expect.stringMatching(/^[0-9a-f]+$/),
        keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
        data: { id: expect.any(String), issuedAt: expect.any(Number), notBefore: expect.any(Number) },
      },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(challenge.parameters.data!.notBefore as number).toBe((challenge.parameters.data!.issuedAt as number) + 2000);
    expect(challenge.parameters.data!.issuedAt as number).toBeGreaterThanOrEqual(before);
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});

describe('the proof of work', () => {
  it('takes a solved challenge (after the time trap) and stores the request as a lead', async () => {
    const challenge = await fetchChallenge(graphqlUrl());
    const altcha = await solve(challenge);
    const input = contactInput({ altcha });
    const { body } = await afterTheTrap(() => submit(input));
    expect(body.errors).toBeUndefined();
    const row = await api.prisma.contactRequest.findUniqueOrThrow({
      where: { requestId: input.requestId },
      select: { isSpam: true, status: true },
    });
    expect(row).toMatchObject({ isSpam: false, status: 'NEW' });
    const spent = await api.prisma.proofOfWorkUse.findUnique({ where: { altchaId: (challenge.parameters.data as { id: string }).id } });
    expect(spent).toMatchObject({ purpose: 'CONTACT_REQUEST' });
  });

  it('keeps as spam, never notified, a form sent faster than a person could fill it, with an ordinary receipt', async () => {
    const input = contactInput({ altcha: await solve(await fetchChallenge(graphqlUrl())) });
    const { body } = await submit(input);
    expect(body.data?.submitContactRequest.id).toEqual(expect.any(String));
    const row = await api.prisma.contactRequest.findUniqueOrThrow({
      where: { requestId: input.requestId },
      select: { id: true, isSpam: true, status: true },
    });
    expect(row).toMatchObject({ isSpam: true, status: 'SPAM' });
    expect(await api.prisma.leadNotification.count({ where: { leadId: row.id } })).toBe(0);
  });

  it.each([
    ['missing', null, 'altchaMissing'],
    ['not base64 JSON', 'not-a-payload', 'altchaMissing'],
  ])('refuses a request whose proof is %s, with the code %s, storing nothing', async (_, altcha, code) => {
    const input = contactInput({ altcha });
    const { body } = await submit(input);
    expect(refusal(body)).toEqual([code]);
    expect(body.errors![0]!.message).toContain('altcha');
    expect(await stored(input.requestId)).toBe(0);
  });

  it('refuses a wrong solution, a tampered challenge and one signed by another server as altchaInvalid', async () => {
    const challenge = await fetchChallenge(graphqlUrl());
    const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: typeof challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrong = encode({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } });
    const tampered = encode({
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, data: { ...payload.challenge.parameters.data, notBefore: 0 } },
      },
    });
    const other = await startTestApi();
    const foreign = await solve(await fetchChallenge(`${other.url}/graphql`));
    await other.close();
    for (const altcha of [wrong, tampered, foreign]) {
      const input = contactInput({ altcha });
      expect(refusal((await submit(input)).body)).toEqual(['altchaInvalid']);
      expect(await stored(input.requestId)).toBe(0);
    }
  });

  it('refuses an expired challenge as altchaExpired', async () => {
    const late = await startTestApi({ ALTCHA_HMAC_SECRET: 'x'.repeat(32) });
    // The same secret on both sides, and a challenge of a minute: solved, but out of date once the clock has moved on.
    const sameSecret = await startTestApi({ ALTCHA_HMAC_SECRET: 'x'.repeat(32), ALTCHA_EXPIRES_MINUTES: '1' });
    const challenge = await fetchChallenge(`${sameSecret.url}/graphql`);
    await sameSecret.close();
    const solved = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as { challenge: typeof challenge };
    const realNow = Date.now;
    Date.now = () => realNow() + 2 * 60_000;
    try {
      const { body } = await late.graphql(
        SUBMIT,
        { input: contactInput({ altcha: Buffer.from(JSON.stringify(solved)).toString('base64') }) },
        { 'x-forwarded-for': '10.78.0.1' },
      );
      expect((body.errors?.[0]?.extensions?.fieldErrors as Record<string, { code: string }[]>).altcha!.map((error) => error.code)).toEqual([
        'altchaExpired',
      ]);
    } finally {
      Date.now = realNow;
      await late.close();
    }
  });

  it(
    'lets a challenge serve one request: another request with it is ' +
      'refused as altchaReused; the same request sent again gets its receipt',
    async () => {
      const altcha = await solve(await fetchChallenge(graphqlUrl()));
      const first = contactInput({ altcha });
      const receipt = (await submit(first)).body.data!.submitContactRequest;
      expect((await submit(first)).body.data!.submitContactRequest).toEqual(receipt);
      const second = contactInput({ altcha });
      expect(refusal((await submit(second)).body)).toEqual(['altchaReused']);
      expect(await stored(second.requestId)).toBe(0);
      expect(await stored(first.requestId)).toBe(1);
    },
  );

  it('stores a request sent twice at once with one challenge once, and answers both with its receipt', async () => {
    const input = contactInput({ altcha: await solve(await fetchChallenge(graphqlUrl())) });
    const answers = await Promise.all([submit(input), submit(input), submit(input)]);
    const ids = new Set(answers.map(({ body }) => body.data?.submitContactRequest.id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
    expect(await stored(input.requestId)).toBe(1);
  });
});

/** The privacy centre's three proved mutations and the contact form, each with a given proof and from its own address. */
const PROVED: Record<string, (altcha: string) => Promise<Answer>> = {
  submitContactRequest: async (altcha) => (await submit(contactInput({ altcha }))).body,
  optOutOfAudiences: async (altcha) =>
    (
      await api.graphql(
        'mutation OptOut($input: OptOutInput!) { optOutOfAudiences(input: $input) { id } }',
        { input: { requestId: randomUUID(), deviceType: 'ANDROID', advertisingId: randomUUID(), altcha } },
        { 'x-forwarded-for': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      )
    ).body,
  objectToAudiences: async (altcha) =>
    (
      await api.graphql(
        'mutation Object($input: ObjectionInput!) { objectToAudiences(input: $input) { id } }',
        { input: { requestId: randomUUID(), email: 'someone@example.org', message: 'I object to the audiences.', locale: 'EN', altcha } },
        { 'x-forwarded-for': `10.80.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      )
    ).body,
  requestMyDataLink: async (altcha) =>
    (
      await api.graphql(
        'mutation Link($input: RequestMyDataLinkInput!) { requestMyDataLink(input: $input) { sent } }',
        { input: { email: `nobody-${randomUUID()}@example.org`, locale: 'EN', altcha } },
        { 'x-forwarded-for': `10.81.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      )
    ).body,
};
const proved = (mutation: string, altcha: string) => afterTheTrap(() => PROVED[mutation]!(altcha));

describe('one solved challenge proves one action, of any kind', () => {
  it.each([
    ['submitContactRequest', ['optOutOfAudiences', 'objectToAudiences', 'requestMyDataLink']],
    ['optOutOfAudiences', ['submitContactRequest', 'requestMyDataLink']],
    ['requestMyDataLink', ['objectToAudiences']],
  ])('a challenge spent by %s is refused altchaReused by %j', async (first, others) => {
    const altcha = await solve(await fetchChallenge(graphqlUrl()));
    expect((await proved(first, altcha)).errors).toBeUndefined();
    for (const other of others) expect([other, refusal(await proved(other, altcha))]).toEqual([other, ['altchaReused']]);
  });

  it("refuses counter 0 with its true key (one that misses the challenge's prefix) as altchaInvalid", async () => {
    let challenge;
    let key: string;
    do {
      challenge = await fetchChallenge(graphqlUrl());
      const { nonce, salt, cost, keyLength = 32 } = challenge.parameters;
      // altcha-lib's password for a counter: the nonce's bytes, then the counter as a big-endian 32-bit integer.
      key = pbkdf2Sync(
        Buffer.concat([Buffer.from(nonce, 'hex'), Buffer.alloc(4)]),
        Buffer.from(salt, 'hex'),
        cost,
        keyLength,
        'sha256',
      ).toString('hex');
    } while (key.startsWith(challenge.parameters.keyPrefix));
    const altcha = Buffer.from(JSON.stringify({ challenge, solution: { counter: 0, derivedKey: key } })).toString('base64');
    const input = contactInput({ altcha });
    expect(refusal((await afterTheTrap(() => submit(input))).body)).toEqual(['altchaInvalid']);
    expect(await stored(input.requestId)).toBe(0);
  });
});

describe("the time trap on the privacy centre's forms", () => {
  it.each(['optOutOfAudiences', 'objectToAudiences', 'requestMyDataLink'])(
    '%s refuses a form sent too soon as altchaTooSoon, spending nothing; the same proof goes through after the trap',
    async (mutation) => {
      const challenge = await fetchChallenge(graphqlUrl());
      const altcha = await solve(challenge);
      expect(refusal(await PROVED[mutation]!(altcha))).toEqual(['altchaTooSoon']);
      const id = (challenge.parameters.data as { id: string }).id;
      expect(await api.prisma.proofOfWorkUse.count({ where: { altchaId: id } })).toBe(0);
      expect((await proved(mutation, altcha)).errors).toBeUndefined();
      expect(await api.prisma.proofOfWorkUse.count({ where: { altchaId: id } })).toBe(1);
    },
  );
});

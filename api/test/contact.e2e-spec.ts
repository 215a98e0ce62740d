import { startTestApi, type TestApi } from './support/api';
import { contactInput } from './support/leads';

const SUBMIT = `mutation Submit($input: ContactRequestInput!) {
  submitContactRequest(input: $input) { id receivedAt }
}`;

interface Receipt {
  id: string;
  receivedAt: string;
}

const validInput = contactInput;

let api: TestApi;
/** Each request from its own address, so the per-IP limit (tested apart) stays out of the way. */
const submit = (input: Record<string, unknown>) =>
  api.graphql<{ submitContactRequest: Receipt }>(
    SUBMIT,
    { input },
    { 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  );

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY_HOPS: '1', TERMS_VERSION: '2026-11-01' });
});
afterAll(() => api.close());

describe('submitContactRequest', () => {
  it('stores the request with the terms version, acceptance time, locale and page, then answers its receipt', async () => {
    const input = validInput({ locale: 'DE', pagePath: '/de/', phone: '030 1234567' });
    const before = Date.now();
    const { body } = await submit(input);
    const receipt = body.data!.submitContactRequest;
    // The receipt is sent once the row is committed: it is readable at once.
    const row = await api.prisma.contactRequest.findUniqueOrThrow({ where: { id: receipt.id } });
    expect(row).toMatchObject({
      requestId: input.requestId,
      locale: 'DE',
      agencyName: 'Agencia Norte',
      agencyType: 'MEDIA',
      email: input.email,
      phone: '+49301234567',
      termsVersion: '2026-11-01',
      pagePath: '/de/',
      isSpam: false,
    });
    expect(row.termsAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(receipt.receivedAt).getTime()).toBe(row.receivedAt.getTime());
  });

  it('reads a national phone number in the country of the page and stores it in E.164', async () => {
    const { body } = await submit(validInput({ locale: 'ES', phone: '911 23 45 67' }));
    const row = await api.prisma.contactRequest.findUniqueOrThrow({ where: { id: body.data!.submitContactRequest.id } });
    expect(row.phone).toBe('+34911234567');
  });

  it('accepts the request without the optional phone and message, trimming what was typed', async () => {
    const { body } = await submit(validInput({ phone: '  ', message: '', agencyName: '  Agencia Sur  ' }));
    const row = await api.prisma.contactRequest.findUniqueOrThrow({ where: { id: body.data!.submitContactRequest.id } });
    expect(row).toMatchObject({ phone: null, message: null, agencyName: 'Agencia Sur' });
  });

  it.each([
    ['a line break', 'Agencia\r\nBcc: otro@example.com'],
    ['a tab', 'Agencia\tNorte'],
    ['a right-to-left override', 'Agencia \u202Emoc.etis'],
    ['a bidi isolate', 'Agencia \u2066Norte\u2069'],
  ])('refuses %s in a one-line field, naming the field and the code, and stores nothing', async (_, text) => {
    const input = validInput({ agencyName: text, contactName: text });
    const { body } = await submit(input);
    const fieldErrors = body.errors![0]!.extensions!.fieldErrors as Record<string, { code: string }[]>;
    expect(fieldErrors.agencyName!.map((error) => error.code)).toEqual(['isSingleLine']);
    expect(fieldErrors.contactName!.map((error) => error.code)).toEqual(['isSingleLine']);
    expect(await api.prisma.contactRequest.count({ where: { requestId: input.requestId as string } })).toBe(0);
  });

  it('flags a free-mail address and stores the request; refuses a disposable one with its own code, storing nothing', async () => {
    const free = await submit(validInput({ email: 'lucia.fernandez@gmail.com' }));
    const business = await submit(validInput({ email: 'lucia@agencianorte.es' }));
    const flags = await api.prisma.contactRequest.findMany({
      where: { id: { in: [free.body.data!.submitContactRequest.id, business.body.data!.submitContactRequest.id] } },
      select: { email: true, freeEmail: true },
      orderBy: { email: 'asc' },
    });
    expect(flags).toEqual([
      { email: 'lucia.fernandez@gmail.com', freeEmail: true },
      { email: 'lucia@agencianorte.es', freeEmail: false },
    ]);
    const input = validInput({ email: 'lucia@mailinator.com' });
    const { body } = await submit(input);
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { email: [{ code: 'isNotDisposable' }] } });
    expect(await api.prisma.contactRequest.count({ where: { requestId: input.requestId as string } })).toBe(0);
  });

  it('tells the form what an address is, and the likely typo of a well-known domain', async () => {
    const check = async (email: string) =>
      (
        await api.graphql<{ checkEmail: { kind: string; suggestion: string | null } }>(
          `query Check($email: String!) { checkEmail(email: $email) { kind suggestion } }`,
          { email },
        )
      ).body;
    expect((await check('ana@agencianorte.es')).data!.checkEmail).toEqual({ kind: 'BUSINESS', suggestion: null });
    expect((await check('ana@outlook.com')).data!.checkEmail).toEqual({ kind: 'FREE', suggestion: null });
    expect((await check('ana@gmial.com')).data!.checkEmail).toEqual({ kind: 'FREE', suggestion: 'ana@gmail.com' });
    expect((await check('ana@hotmial.com')).data!.checkEmail.suggestion).toBe('ana@hotmail.com');
    expect((await check('ana@10minutemail.com')).data!.checkEmail.kind).toBe('DISPOSABLE');
    expect((await check('not an address')).errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('keeps the line breaks of the message, and every other character, exactly as sent', async () => {
    const message = 'Hola,\r\nqueremos audiencias en:\n- España\n- Portugal 🇵🇹\n\nGracias «Ñandú»';
    const { body } = await submit(validInput({ message, agencyName: 'Agència «Nord» & Co. — 日本' }));
    const row = await api.prisma.contactRequest.findUniqueOrThrow({ where: { id: body.data!.submitContactRequest.id } });
    expect(row).toMatchObject({ message, agencyName: 'Agència «Nord» & Co. — 日本' });
  });

  describe('rules at their bounds', () => {
    const cases: [string, unknown, string | null][] = [
      ['agencyName', 'A', 'minLength'],
      ['agencyName', 'AB', null],
      ['agencyName', 'x'.repeat(120), null],
      ['agencyName', 'x'.repeat(121), 'maxLength'],
      ['agencyName', '   ', 'minLength'],
      ['contactName', 'J', 'minLength'],
      ['contactName', 'Jo', null],
      ['contactName', 'x'.repeat(100), null],
      ['contactName', 'x'.repeat(101), 'maxLength'],
      ['email', 'not-an-email', 'isEmail'],
      ['email', 'lucia@agencianorte', 'isEmail'],
      ['email', emailOfLength(254), null],
      ['email', emailOfLength(255), 'maxLength'],
      ['phone', '12', 'isPhoneNumber'],
      ['phone', '+34 123', 'isPhoneNumber'],
      ['phone', '+44 20 7946 0958', null],
      ['message', 'x'.repeat(2000), null],
      ['message', 'x'.repeat(2001), 'maxLength'],
      ['acceptTerms', false, 'equals'],
      ['requestId', 'not-a-uuid', 'isUuid'],
      ['pagePath', 'https://elsewhere.example/', 'matches'],
    ];
    it.each(cases)('%s = %j → %s', async (field, value, code) => {
      const input = validInput({ [field]: value });
      const { body } = await submit(input);
      if (code === null) {
        expect(body.errors).toBeUndefined();
        expect(body.data!.submitContactRequest.id).toBeDefined();
      } else {
        expect(body.errors![0]!.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          fieldErrors: { [field]: expect.arrayContaining([expect.objectContaining({ code, message: expect.stringContaining(field) })]) },
        });
        expect(await storedCount(input.requestId)).toBe(0);
      }
    });
  });

  it('names every rejected field at once', async () => {
    const { body } = await submit(validInput({ agencyName: '', contactName: '', email: 'x', acceptTerms: false }));
    expect(Object.keys(body.errors![0]!.extensions!.fieldErrors as object).sort()).toEqual(
      ['acceptTerms', 'agencyName', 'contactName', 'email'].sort(),
    );
  });

  it.each(['locale', 'agencyType', 'agencySize', 'advertiserCount', 'position', 'decisionRole', 'interest'])(
    'rejects a %s that is not one of the options, naming the field',
    async (field) => {
      const input = validInput({ [field]: 'NOT_AN_OPTION' });
      const { body } = await submit(input);
      expect(body.errors![0]!.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: { [field]: [{ code: 'isEnum', message: expect.stringContaining(field) }] },
      });
      expect(await storedCount(input.requestId)).toBe(0);
    },
  );

  it('rejects a request missing a required field, naming it', async () => {
    const { email: _email, ...input } = validInput();
    const { body } = await submit(input);
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { email: [{ code: 'isDefined' }] } });
  });

  it('stores a request sent twice with the same id once and answers the same receipt', async () => {
    const input = validInput();
    const first = await submit(input);
    const second = await submit(input);
    expect(second.body.data).toEqual(first.body.data);
    expect(await api.prisma.contactRequest.count({ where: { requestId: input.requestId } })).toBe(1);
  });

  it('stores a request sent ten times at once only once, every sender getting the same receipt', async () => {
    const input = validInput();
    const responses = await Promise.all(Array.from({ length: 10 }, () => submit(input)));
    const receipts = new Set(responses.map(({ body }) => JSON.stringify(body.data!.submitContactRequest)));
    expect(receipts.size).toBe(1);
    expect(await api.prisma.contactRequest.count({ where: { requestId: input.requestId } })).toBe(1);
  });

  it('gives a filled honeypot an ordinary receipt and stores the request marked as spam', async () => {
    const input = validInput({ website: 'http://cheap-pills.example' });
    const { status, body } = await submit(input);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(Object.keys(body.data!.submitContactRequest).sort()).toEqual(['id', 'receivedAt']);
    const row = await api.prisma.contactRequest.findUniqueOrThrow({ where: { requestId: input.requestId } });
    expect(row.isSpam).toBe(true);
  });
});

/** A valid address of exactly `length` characters (labels of at most 63). */
function emailOfLength(length: number): string {
  const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 64 - 1 - 63 - 1 - 63 - 1 - 3)}.es`;
  return `${'a'.repeat(64)}@${domain}`;
}

async function storedCount(requestId: string): Promise<number> {
  const [row] = await api.prisma.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) FROM contact_request WHERE request_id::text = ${requestId}`;
  return Number(row!.count);
}

// The privacy centre's "your request's data" over HTTP: the link by email (to a known address only, the same answer
// either way), the data it opens, the erasure through staff's ledger, and the limits.
import { createHash, randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { solvedProof, until } from '@segmentia/testing';
import { RetentionService } from '../src/leads/retention.service';
import { startTestApi, type TestApi } from './support/api';
import { submitLead } from './support/leads';
import { startSmtpReceiver } from './support/receivers';

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

const REQUEST_LINK = `mutation Ask($input: RequestMyDataLinkInput!) { requestMyDataLink(input: $input) { sent } }`;
const MY_DATA = `query Mine($token: String!) {
  myRequestData(token: $token) {
    email expiresAt
    requests {
      id receivedAt status locale agencyName agencyType agencySize advertiserCount contactName email freeEmail phone position
      decisionRole interest message pagePath landingPage referrerHost utmSource utmMedium utmCampaign utmTerm utmContent gclid
      country fitScore fitReasons { rule value points maxPoints } repeatOf { id } requestNumber
      requestedAudiences { country audience segmentId } termsVersion termsAcceptedAt
      notifications { channel status createdAt deliveredAt }
    }
  }
}`;
const ERASE = `mutation Erase($token: String!) { eraseMyRequestData(token: $token) { erasedAt count } }`;

interface MyData {
  email: string;
  expiresAt: string;
  requests: { id: string; email: string; contactName: string; termsVersion: string; locale: string; notifications: unknown[] }[];
}

/** A fresh client address per request (one of 16 million): the per-client budget is tested apart. */
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;

let api: TestApi;
let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  api = await startTestApi({
    SMTP_URL: smtp.url,
    TRUST_PROXY_HOPS: '1',
    GATSBY_SITE_URL: 'https://www.segmentia.es',
    MY_DATA_LINKS_PER_HOUR: '3',
    MY_DATA_RATE_LIMIT_PER_MINUTE: '5',
    NOTIFY_POLL_INTERVAL_MS: '100',
  });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const ask = async (email: string, options: { locale?: string; ip?: string; altcha?: string } = {}) =>
  api.graphql<{ requestMyDataLink: { sent: boolean } }>(
    REQUEST_LINK,
    { input: { email, locale: options.locale ?? 'EN', altcha: options.altcha ?? (await solvedProof(`${api.url}/graphql`)) } },
    { 'x-forwarded-for': options.ip ?? newIp() },
  );
const view = (token: string) => api.graphql<{ myRequestData: MyData }>(MY_DATA, { token }, { 'x-forwarded-for': newIp() });
const erase = (token: string) =>
  api.graphql<{ eraseMyRequestData: { erasedAt: string; count: number } }>(ERASE, { token }, { 'x-forwarded-for': newIp() });
const reasonOf = (response: { body: { errors?: readonly { extensions?: Record<string, unknown> }[] } }) =>
  response.body.errors?.[0]?.extensions && `${response.body.errors[0].extensions.code}:${response.body.errors[0].extensions.reason}`;

/** The link emails sent to an address so far, parsed. */
async function linkEmails(address: string) {
  const parsed = await Promise.all(smtp.accepted.map((message) => simpleParser(message)));
  return parsed.filter((mail) => mail.text?.includes('#token=') && mail.to && JSON.stringify(mail.to).includes(address));
}
const tokenOf = (text: string | undefined) => /#token=([\w-]+)/.exec(text ?? '')?.[1];

/** An address with a request (or two) of its own; the form's address is in another case than the one asked with. */
async function prospect(requests = 1) {
  const mark = randomUUID().slice(0, 8);
  const email = `Lucia.${mark}@AgenciaNorte-${mark}.es`;
  const ids = [];
  for (let i = 0; i < requests; i++) ids.push(await submitLead(api, { email, contactName: 'Lucía Fernández' }));
  return { email, asked: email.toLowerCase(), ids };
}

/** Asks for a link for a known address and reads it from the mailbox. */
async function linkFor(address: string, locale = 'EN') {
  const before = (await linkEmails(address)).length;
  expect((await ask(address, { locale })).body).toEqual({ data: { requestMyDataLink: { sent: true } } });
  await until('the link email', async () => (await linkEmails(address)).length > before);
  const mail = (await linkEmails(address))[before]!;
  return { mail, token: tokenOf(mail.text)! };
}

it('answers an unknown address as a known one, and emails only the known one: a link to its page, in the fragment', async () => {
  const { asked } = await prospect();
  const unknown = `nobody-${randomUUID().slice(0, 8)}@example.org`;
  const answers = [(await ask(unknown)).body, (await ask(asked, { locale: 'DE' })).body];
  expect(answers[0]).toEqual(answers[1]);
  expect(answers[0]).toEqual({ data: { requestMyDataLink: { sent: true } } });

  await until('the link email', async () => (await linkEmails(asked)).length === 1);
  const [mail] = await linkEmails(asked);
  expect(mail!.subject).toBe('Ihr Link zu Ihren Daten bei Segmentia');
  expect(mail!.text).toMatch(/https:\/\/www\.segmentia\.es\/de\/privacy-center\/my-data\/#token=[\w-]{43}\b/);
  expect(mail!.html).toContain('/de/privacy-center/my-data/#token=');
  // Both requests were recorded (their challenges spent); only the known address's holds it and the token's hash.
  const token = tokenOf(mail!.text)!;
  const rows = await api.prisma.dataAccessLink.findMany({
    where: { OR: [{ email: asked }, { email: null }] },
    orderBy: { requestedAt: 'desc' },
  });
  expect(rows.find((row) => row.email === asked)!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  expect(JSON.stringify(await api.prisma.dataAccessLink.findMany())).not.toContain(token);
  // Nothing was sent to the unknown address (the known one's email, asked for after it, has arrived).
  expect(await linkEmails(unknown)).toEqual([]);
  expect(smtp.accepted.some((message) => message.includes(unknown))).toBe(false);
});

it("opens every request of the address, with staff's fields, its consent record and the notifications sent", async () => {
  const { asked, ids, email } = await prospect(2);
  // The confirmation of the first request has gone out by now (the second, within the hour, sends none).
  await until('the confirmation delivered', async () =>
    Boolean(await api.prisma.leadNotification.findFirst({ where: { leadId: ids[0], deliveredAt: { not: null } } })),
  );
  const { token } = await linkFor(asked);
  const { body } = await view(token);
  expect(body.errors).toBeUndefined();
  const data = body.data!.myRequestData;
  expect(data.email).toBe(asked);
  expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  expect(data.requests.map((request) => request.id)).toEqual([...ids].reverse());
  expect(data.requests[1]).toMatchObject({ email, contactName: 'Lucía Fernández', termsVersion: expect.any(String), locale: 'ES' });
  expect(data.requests[1]!.notifications).toEqual([
    { channel: 'CONFIRMATION', status: 'SENT', createdAt: expect.any(String), deliveredAt: expect.any(String) },
  ]);
  expect(data.requests[0]!.notifications).toEqual([]);
  // Viewing does not use the link up: a reload opens it again.
  expect((await view(token)).body.errors).toBeUndefined();
  // What staff did with a lead (their accounts) is staff's, not a field of the person's requests.
  const activity = await api.graphql('query ($token: String!) { myRequestData(token: $token) { requests { activity { staffEmail } } } }', {
    token,
  });
  expect(activity.body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
});

it("erases every request of the address in staff's ledger (REQUEST, data-subject), and the link is dead after", async () => {
  const { asked, ids } = await prospect(2);
  const other = await prospect();
  const { token } = await linkFor(asked);
  const second = await linkFor(asked);

  const { body } = await erase(token);
  expect(body.data!.eraseMyRequestData.count).toBe(2);
  expect(await api.prisma.contactRequest.count({ where: { id: { in: ids } } })).toBe(0);
  expect(await api.prisma.contactRequest.count({ where: { id: { in: other.ids } } })).toBe(1);
  const ledger = await api.prisma.leadErasure.findFirst({ where: { leadIds: { hasEvery: ids } } });
  expect(ledger).toMatchObject({ reason: 'REQUEST', erasedBy: 'data-subject', count: 2 });
  expect(ledger!.leadIds.sort()).toEqual([...ids].sort());

  expect(reasonOf(await view(token))).toBe('UNAUTHENTICATED:linkUsed');
  expect(reasonOf(await erase(token))).toBe('UNAUTHENTICATED:linkUsed');
  // The address's other link ended with the erasure too, and no row keeps the address.
  expect(reasonOf(await view(second.token))).toBe('UNAUTHENTICATED:linkUsed');
  expect(await api.prisma.dataAccessLink.count({ where: { email: asked } })).toBe(0);
  // An address with no lead left gets the same answer, and no more link.
  expect((await ask(asked)).body).toEqual({ data: { requestMyDataLink: { sent: true } } });
});

it('refuses a link 30 minutes after it was sent, and one it never sent, each with its reason', async () => {
  const { asked } = await prospect();
  const { token } = await linkFor(asked);
  const hash = createHash('sha256').update(token).digest('hex');
  await api.prisma.dataAccessLink.update({ where: { tokenHash: hash }, data: { expiresAt: new Date(Date.now() - 1) } });
  expect(reasonOf(await view(token))).toBe('UNAUTHENTICATED:linkExpired');
  expect(reasonOf(await erase(token))).toBe('UNAUTHENTICATED:linkExpired');
  expect(await api.prisma.contactRequest.count({ where: { email: { equals: asked, mode: 'insensitive' } } })).toBe(1);
  expect(reasonOf(await view(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`))).toBe('UNAUTHENTICATED:linkInvalid');
  // Its row is erased 24 hours after the request.
  const retention = api.app.get(RetentionService);
  expect(await retention.eraseDataAccessLinks(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
  expect(await retention.eraseDataAccessLinks(new Date(Date.now() + 24 * 3_600_000 + 1000))).toBeGreaterThan(0);
  expect(await api.prisma.dataAccessLink.count({ where: { tokenHash: hash } })).toBe(0);
  expect(reasonOf(await view(token))).toBe('UNAUTHENTICATED:linkInvalid');
});

it('emails an address at most MY_DATA_LINKS_PER_HOUR links an hour, with the same answer after', async () => {
  const { asked } = await prospect();
  for (let i = 0; i < 3; i++) await linkFor(asked);
  expect((await ask(asked)).body).toEqual({ data: { requestMyDataLink: { sent: true } } });
  // A known address's fifth email would have arrived by the time another's first does.
  const { asked: another } = await prospect();
  await linkFor(another);
  expect(await linkEmails(asked)).toHaveLength(3);
});

it('spends MY_DATA_RATE_LIMIT_PER_MINUTE per client, and a challenge once', async () => {
  const ip = newIp();
  const codes = [];
  for (let i = 0; i < 6; i++) codes.push((await ask(`someone-${i}@example.org`, { ip })).body.errors?.[0]?.extensions?.code ?? 'OK');
  expect(codes).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'TOO_MANY_REQUESTS']);

  const altcha = await solvedProof(`${api.url}/graphql`);
  expect((await ask('first@example.org', { altcha })).body.errors).toBeUndefined();
  const reused = await ask('second@example.org', { altcha });
  expect(reused.body.errors![0]!.extensions!.fieldErrors).toEqual({ altcha: [expect.objectContaining({ code: 'altchaReused' })] });
  const missing = await ask('third@example.org', { altcha: 'bm90IGEgcHJvb2Y=' });
  expect(missing.body.errors![0]!.extensions!.fieldErrors).toEqual({ altcha: [expect.objectContaining({ code: 'altchaMissing' })] });
});

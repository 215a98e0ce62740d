// Over 300 lines on purpose: the privacy centre's "your request's data" over HTTP, as one person's path: the link by
// email (to a known address only, the same answer either way), the data it opens (her requests and objections only),
// the erasure through staff's ledger and sales' notice of it, and the limits.
import { createHash, randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { createTestIdentity, serveKeySet, solvedProof, TEST_PROJECT_ID, until } from '@segmentia/testing';
import { RetentionService } from '../src/leads/retention.service';
import { startTestApi, type TestApi } from './support/api';
import { submitLead } from './support/leads';
import { startSmtpReceiver, startWebhookReceiver } from './support/receivers';

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;
type Webhook = Awaited<ReturnType<typeof startWebhookReceiver>>;

const REQUEST_LINK = `mutation Ask($input: RequestMyDataLinkInput!) { requestMyDataLink(input: $input) { sent } }`;
const MY_DATA = `query Mine($token: String!, $locale: Locale) {
  myRequestData(token: $token, locale: $locale) {
    email expiresAt
    requests {
      id receivedAt status locale agencyName agencyType agencySize advertiserCount contactName email freeEmail phone position
      decisionRole interest message pagePath landingPage referrerHost utmSource utmMedium utmCampaign utmTerm utmContent gclid
      country fitScore fitReasons { rule value points maxPoints } repeatOf { id } requestNumber
      requestedAudiences { country audience segmentId englishTaxonomyPath taxonomyPath } termsVersion termsAcceptedAt
      notifications { channel status createdAt deliveredAt }
    }
    objections { id receivedAt locale email message answeredAt }
  }
}`;
const ERASE = `mutation Erase($token: String!) { eraseMyRequestData(token: $token) { erasedAt count objections } }`;
const OBJECT = `mutation Object($input: ObjectionInput!) { objectToAudiences(input: $input) { id } }`;
const STAFF_LEAD = `query Lead($id: ID!) { lead(id: $id) { id requestNumber repeatOf { id receivedAt } } }`;

interface MyData {
  email: string;
  expiresAt: string;
  requests: {
    id: string;
    email: string;
    contactName: string;
    termsVersion: string;
    locale: string;
    notifications: unknown[];
    repeatOf: { id: string } | null;
    requestNumber: number;
    requestedAudiences: { segmentId: string; englishTaxonomyPath: string; taxonomyPath: string }[];
  }[];
  objections: { id: string; email: string; message: string }[];
}

/** A fresh client address per request (one of 16 million): the per-client budget is tested apart. */
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;

let api: TestApi;
let smtp: Smtp;
let webhook: Webhook;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let staffToken: string;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
  const identity = await createTestIdentity();
  keySet = await serveKeySet(identity.publicJwk);
  staffToken = await identity.sign();
  api = await startTestApi({
    SMTP_URL: smtp.url,
    NOTIFY_WEBHOOK_URL: webhook.url,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    STAFF_ACCOUNT_CHECK_SECONDS: '0',
    TRUST_PROXY_HOPS: '1',
    GATSBY_SITE_URL: 'https://www.segmentia.es',
    MY_DATA_LINKS_PER_HOUR: '3',
    MY_DATA_RATE_LIMIT_PER_MINUTE: '5',
    NOTIFY_POLL_INTERVAL_MS: '100',
  });
});
afterAll(async () => {
  // Sales' notices of this file's erasures delivered before the API stops: left in the shared outbox, another file's
  // API would deliver them to its own receivers.
  const undelivered = () => api.prisma.leadNotification.count({ where: { deliveredAt: null, erasureId: { not: null } } });
  await until('the erasure notices delivered', async () => (await undelivered()) === 0).finally(() => api.close());
  await smtp.close();
  await webhook.close();
  await keySet.close();
});

const ask = async (email: string, options: { locale?: string; ip?: string; altcha?: string } = {}) =>
  api.graphql<{ requestMyDataLink: { sent: boolean } }>(
    REQUEST_LINK,
    { input: { email, locale: options.locale ?? 'EN', altcha: options.altcha ?? (await solvedProof(`${api.url}/graphql`)) } },
    { 'x-forwarded-for': options.ip ?? newIp() },
  );
const view = (token: string, locale?: string) =>
  api.graphql<{ myRequestData: MyData }>(MY_DATA, { token, locale }, { 'x-forwarded-for': newIp() });
const erase = (token: string) =>
  api.graphql<{ eraseMyRequestData: { erasedAt: string; count: number; objections: number } }>(
    ERASE,
    { token },
    { 'x-forwarded-for': newIp() },
  );
const asStaff = <T>(query: string, variables?: Record<string, unknown>) =>
  api.graphql<T>(query, variables, { authorization: `Bearer ${staffToken}` });
const staffLead = async (id: string) =>
  (await asStaff<{ lead: { id: string; requestNumber: number; repeatOf: { id: string } | null } }>(STAFF_LEAD, { id })).body.data!.lead;
const object = async (email: string) =>
  api.graphql<{ objectToAudiences: { id: string } }>(
    OBJECT,
    {
      input: {
        requestId: randomUUID(),
        email,
        message: 'Please keep my browser out of your audiences.',
        locale: 'ES',
        altcha: await solvedProof(`${api.url}/graphql`),
      },
    },
    { 'x-forwarded-for': newIp() },
  );
const reasonOf = (response: { body: { errors?: readonly { extensions?: Record<string, unknown> }[] } }) =>
  response.body.errors?.[0]?.extensions && `${response.body.errors[0].extensions.code}:${response.body.errors[0].extensions.reason}`;

/** The recipients of a parsed email, as written in its header. */
const recipientsOf = (mail: Awaited<ReturnType<typeof simpleParser>>) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address ?? ''));

/** The link emails sent to an address (in any case) so far, parsed. */
async function linkEmails(address: string) {
  const parsed = await Promise.all(smtp.accepted.map((message) => simpleParser(message)));
  return parsed.filter(
    (mail) => mail.text?.includes('#token=') && recipientsOf(mail).some((to) => to.toLowerCase() === address.toLowerCase()),
  );
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
  expect(data.requests[1]!.notifications).toContainEqual({
    channel: 'CONFIRMATION',
    status: 'SENT',
    createdAt: expect.any(String),
    deliveredAt: expect.any(String),
  });
  expect(data.requests[0]!.notifications).toEqual([]);
  // The second repeats the first: the address's own requests, counted for it.
  expect(data.requests.map(({ repeatOf, requestNumber }) => ({ repeatOf, requestNumber }))).toEqual([
    { repeatOf: { id: ids[0] }, requestNumber: 2 },
    { repeatOf: null, requestNumber: 1 },
  ]);
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

describe("nothing of another person's (security review 2, M5)", () => {
  it("shows an address its own requests only: a colleague's request of the same agency stays staff's", async () => {
    const mark = randomUUID().slice(0, 8);
    const domain = `acme-${mark}.es`;
    const first = await submitLead(api, { agencyName: `Acme ${mark}`, email: `a.${mark}@${domain}` });
    const second = await submitLead(api, { agencyName: `ACME ${mark}`, email: `b.${mark}@${domain}` });
    const { token } = await linkFor(`b.${mark}@${domain}`);
    const { body } = await view(token);
    expect(body.data!.myRequestData.requests).toEqual([expect.objectContaining({ id: second, repeatOf: null, requestNumber: 1 })]);
    expect(JSON.stringify(body)).not.toContain(first);
    expect(JSON.stringify(body)).not.toContain(`a.${mark}`);
    // Staff still see it as the agency's second request.
    expect(await staffLead(second)).toMatchObject({ requestNumber: 2, repeatOf: { id: first } });
  });

  it("links nothing by agency name at a free-mail domain, where anyone can type any agency's name", async () => {
    const mark = randomUUID().slice(0, 8);
    await submitLead(api, { agencyName: `Acme ${mark}`, email: `a.${mark}@gmail.com` });
    const second = await submitLead(api, { agencyName: `ACME ${mark}`, email: `b.${mark}@gmail.com` });
    expect(await staffLead(second)).toMatchObject({ requestNumber: 1, repeatOf: null });
    const { body } = await view((await linkFor(`b.${mark}@gmail.com`)).token);
    expect(body.data!.myRequestData.requests).toEqual([expect.objectContaining({ id: second, repeatOf: null, requestNumber: 1 })]);
  });
});

it("opens and erases the address's written objections with its requests, and staff no longer list them (L17)", async () => {
  const { email, asked, ids } = await prospect();
  const objection = (await object(email.toUpperCase())).body.data!.objectToAudiences.id;
  const { token } = await linkFor(asked);
  const data = (await view(token)).body.data!.myRequestData;
  expect(data.requests.map((request) => request.id)).toEqual(ids);
  expect(data.objections).toEqual([expect.objectContaining({ id: objection, email: email.toUpperCase(), message: expect.any(String) })]);

  expect((await erase(token)).body.data!.eraseMyRequestData).toMatchObject({ count: 1, objections: 1 });
  expect(await api.prisma.audienceObjection.count({ where: { id: objection } })).toBe(0);
  const listed = await asStaff<{ audienceObjections: { id: string }[] }>('{ audienceObjections(first: 200) { id } }');
  expect(listed.body.data!.audienceObjections.map((row) => row.id)).not.toContain(objection);
  const ledger = await api.prisma.leadErasure.findFirstOrThrow({ where: { leadIds: { has: ids[0] } } });
  expect(ledger).toMatchObject({ reason: 'REQUEST', erasedBy: 'data-subject', count: 1, objectionCount: 1, objectionIds: [objection] });
});

it('gets a link for an address with only a written objection, and erases it', async () => {
  const address = `only.${randomUUID().slice(0, 8)}@example.org`;
  await object(address);
  const { token } = await linkFor(address);
  const data = (await view(token)).body.data!.myRequestData;
  expect([data.requests.length, data.objections.length]).toEqual([0, 1]);
  expect((await erase(token)).body.data!.eraseMyRequestData).toMatchObject({ count: 0, objections: 1 });
});

describe('the address the link goes to (L21)', () => {
  it('refuses an address that JavaScript would lower-case to another one, and sends nothing to it', async () => {
    const mark = randomUUID().slice(0, 8);
    await submitLead(api, { email: `kim.${mark}@provider-${mark}.es` });
    const typed = `\u212Aim.${mark}@provider-${mark}.es`;
    const { body } = await ask(typed);
    expect(body.errors![0]!.extensions!.fieldErrors).toEqual({ email: [expect.objectContaining({ code: 'isAsciiEmail' })] });
    expect((await object(typed)).body.errors![0]!.extensions!.fieldErrors).toEqual({
      email: [expect.objectContaining({ code: 'isAsciiEmail' })],
    });
    const quoted = await ask(`"kim.${mark}"@provider-${mark}.es`);
    expect(quoted.body.errors![0]!.extensions!.fieldErrors).toMatchObject({ email: [expect.objectContaining({ code: 'isAsciiEmail' })] });
    // A known address's link, asked for after, has arrived: nothing went to the typed one.
    await linkFor(`kim.${mark}@provider-${mark}.es`);
    const parsed = await Promise.all(smtp.accepted.map((message) => simpleParser(message)));
    expect(parsed.flatMap(recipientsOf).filter((to) => to.includes('\u212A') || to.includes(`"kim.${mark}"`))).toEqual([]);
  });

  it('sends the link to the address as the request stored it, never as typed', async () => {
    const mark = randomUUID().slice(0, 8);
    const id = await submitLead(api, { email: `Kim.${mark}@Provider-${mark}.es` });
    const { email: stored } = await api.prisma.contactRequest.findUniqueOrThrow({ where: { id }, select: { email: true } });
    const { mail } = await linkFor(`KIM.${mark}@PROVIDER-${mark}.ES`);
    // The mailer writes domains in lower case; the local part, which a mailbox may read in its case, is as stored.
    const domainLowered = (address: string) => address.replace(/@.*$/, (domain) => domain.toLowerCase());
    expect(recipientsOf(mail)).toEqual([domainLowered(stored)]);
    expect(stored.startsWith(`Kim.${mark}@`)).toBe(true);
  });
});

it("names the audiences asked for in the page's language (P-L17)", async () => {
  const mark = randomUUID().slice(0, 8);
  const email = `ana.${mark}@agencia-${mark}.es`;
  await submitLead(api, { email, audiences: [{ country: 'DE', audience: 'motorsport-fans' }] });
  const { token } = await linkFor(email);
  const [german] = (await view(token, 'DE')).body.data!.myRequestData.requests[0]!.requestedAudiences;
  const name = await api.prisma.audienceTranslation.findUniqueOrThrow({
    where: { audienceSlug_locale: { audienceSlug: 'motorsport-fans', locale: 'DE' } },
  });
  expect(german!.taxonomyPath).toContain(name.name);
  expect(german!.taxonomyPath).not.toBe(german!.englishTaxonomyPath);
  // Without a language: the link's (EN here), which is the English path.
  const [english] = (await view(token)).body.data!.myRequestData.requests[0]!.requestedAudiences;
  expect(english!.taxonomyPath).toBe(english!.englishTaxonomyPath);
});

it('tells sales, through the outbox, to delete their notices of the leads a person erased, and lists the erasure for staff', async () => {
  const { asked, ids } = await prospect(2);
  const { token } = await linkFor(asked);
  expect((await erase(token)).body.data!.eraseMyRequestData.count).toBe(2);
  const erasure = await api.prisma.leadErasure.findFirstOrThrow({ where: { leadIds: { hasEvery: ids } }, include: { notices: true } });
  expect(erasure.notices.map((notice) => notice.channel)).toEqual(['WEBHOOK']);
  await until('the notice delivered', async () => webhook.accepted.some((delivery) => delivery.notificationId === erasure.notices[0]!.id));
  const delivery = webhook.accepted.find((entry) => entry.notificationId === erasure.notices[0]!.id)!;
  expect(delivery.body.text.split('\n').sort()).toEqual(
    [...ids].sort().map((id) => `Lead ${id} erased by the person: delete its chat notice and sales email`),
  );
  // The notice names the leads' ids and nothing of them.
  expect(JSON.stringify(delivery.body)).not.toContain(asked.split('@')[1]);

  const listed = await asStaff<{
    selfServiceErasures: { id: string; leadIds: string[]; notices: { channel: string; deliveredAt: string | null }[] }[];
  }>('{ selfServiceErasures(first: 100) { id leadIds notices { channel deliveredAt } } }');
  expect(listed.body.data!.selfServiceErasures).toContainEqual({
    id: erasure.id,
    leadIds: expect.arrayContaining(ids),
    notices: [{ channel: 'WEBHOOK', deliveredAt: expect.any(String) }],
  });
  // Staff only.
  const anonymous = await api.graphql('{ selfServiceErasures { id } }');
  expect(anonymous.body.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
});

// Over 300 lines on purpose: the outbox's channels (webhook, email, confirmation) and their retries, over HTTP and SMTP.
import { randomUUID } from 'node:crypto';
import { type ParsedMail, simpleParser } from 'mailparser';
import { Metrics } from '../src/metrics/metrics.service';
import { startTestApi, type TestApi } from './support/api';
import { submitLead } from './support/leads';
import { until } from '@segmentia/testing';
import { startSmtpReceiver, startWebhookReceiver } from './support/receivers';

type Webhook = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

const FAST = {
  NOTIFY_POLL_INTERVAL_MS: '100',
  NOTIFY_RETRY_BASE_MS: '150',
  STAFF_PAGE_URL: 'https://www.segmentia.es/staff/',
  TRUST_PROXY_HOPS: '1',
};

/** The API's log lines (JSON, one per write), kept to be searched. */
class RecordingLogger {
  lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
}

/** The message's text as a mail client shows it (nodemailer sends non-ASCII text quoted-printable). */
const quotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

let webhook: Webhook;
let smtp: Smtp;
const apis: TestApi[] = [];
const start = async (settings: Record<string, string>, logger?: RecordingLogger) => {
  const api = await startTestApi({ ...FAST, ...settings }, logger);
  apis.push(api);
  return api;
};
/** Stops an API: its worker first finishes, and records, the sends it has in hand. */
const stop = async (api: TestApi) => {
  apis.splice(apis.indexOf(api), 1);
  await api.close();
};

beforeEach(async () => {
  webhook = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await webhook.close();
  await smtp.close();
});

const rows = (api: TestApi, leadId: string) => api.prisma.leadNotification.findMany({ where: { leadId }, orderBy: { channel: 'asc' } });
const notificationIds = async (api: TestApi, leadIds: string[]) =>
  (await api.prisma.leadNotification.findMany({ where: { leadId: { in: leadIds } }, select: { id: true } })).map((row) => row.id);

/**
 * Waits until every notification of these leads is recorded as delivered. For a lead sent after others, this
 * proves that the outbox was claimed since they arrived: whatever was due before it (a spam's or a repeat's row,
 * a row delivered and yet taken again) was claimed by then too, in the same claim or an earlier one.
 */
const delivered = (api: TestApi, leadIds: string[]) =>
  until(`the notifications of ${leadIds.length} lead(s) delivered`, async () => {
    const found = await api.prisma.leadNotification.findMany({
      where: { leadId: { in: leadIds } },
      select: { leadId: true, deliveredAt: true },
    });
    return new Set(found.map((row) => row.leadId)).size === leadIds.length && found.every((row) => row.deliveredAt);
  });

it(
  'announces a new lead on the webhook and by email, retrying each ' + 'receiver until it accepts, with nothing personal in the logs',
  async () => {
    const logger = new RecordingLogger();
    const api = await start({ NOTIFY_WEBHOOK_URL: webhook.url, SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: 'ventas@segmentia.es' }, logger);
    // With a webhook, the policy names its processor (NOTIFY_WEBHOOK_PROCESSOR's default here).
    const facts = await api.graphql<{ privacy: { webhookProcessor: string } }>('{ privacy { webhookProcessor } }');
    expect(facts.body.data!.privacy.webhookProcessor).toMatch(/^Slack Technologies/);
    webhook.failNext(2);
    smtp.failNext(1);
    const tag = randomUUID().slice(0, 8);
    const lead = {
      agencyName: `Agencia Sur ${tag}`,
      contactName: 'Íñigo Ortega',
      email: `inigo.${tag}@agenciasur.es`,
      phone: '+34 600 12 34 56',
      message: 'Necesitamos <audiencias> & datos',
      landingPage: '/',
      utmSource: 'linkedin',
      utmMedium: 'paid-social',
      utmCampaign: 'q4-agencias',
    };
    const id = await submitLead(api, lead);

    // Written with the lead: the receipt came after both rows were committed.
    const written = await rows(api, id);
    expect(written.map((row) => row.channel)).toEqual(['WEBHOOK', 'EMAIL', 'CONFIRMATION']);

    // Sales' email and the prospect's confirmation.
    await until('both receivers accepted', () => webhook.accepted.length === 1 && smtp.accepted.length === 2);
    expect(webhook.refused).toBe(2);
    expect(smtp.refused).toBe(1);
    const [delivery] = webhook.accepted;
    expect(delivery!.notificationId).toBe(written.find((row) => row.channel === 'WEBHOOK')!.id);
    expect(delivery!.body.text).toMatch(new RegExp(`^New demo request: Agencia Sur ${tag} \\(fit \\d+/100\\)$`));
    const shown = JSON.stringify(delivery!.body.blocks);
    expect(shown).toContain(`<https://www.segmentia.es/staff/?lead=${id}|Open the lead>`);
    // Exactly what the privacy policy lists: the agency's name, the fit score and the link.
    expect(delivery!.body.blocks[1]!.fields!.map((field) => field.text)).toEqual([
      `*Agency*\nAgencia Sur ${tag}`,
      expect.stringMatching(/^\*Fit\*\n\d+\/100$/),
    ]);
    const email = smtp.accepted.find((message) => /^To: ventas@segmentia\.es/m.test(message))!;
    expect(email).toMatch(/^Subject: New demo request: Agencia Sur/m);
    expect(email).toMatch(/^To: ventas@segmentia\.es/m);
    expect(email).not.toMatch(/^Reply-To:/m);
    expect(quotedPrintable(email)).toContain(`Open the lead: https://www.segmentia.es/staff/?lead=${id}`);
    expect(quotedPrintable(email)).toContain('Agency: Agencia Sur');
    // Nothing personal, nothing of the visit: the chat channel and the mailbox are processors (the privacy policy).
    for (const sent of [shown, quotedPrintable(email)]) {
      for (const personal of ['Íñigo', `inigo.${tag}`, '600123456', 'audiencias', 'linkedin', 'q4-agencias', 'Landing']) {
        expect(sent).not.toContain(personal);
      }
    }

    await until('deliveries recorded', async () => (await rows(api, id)).every((row) => row.deliveredAt));
    const recorded = await rows(api, id);
    expect(recorded.map(({ channel, lastError }) => ({ channel, lastError }))).toEqual([
      { channel: 'WEBHOOK', lastError: null },
      { channel: 'EMAIL', lastError: null },
      { channel: 'CONFIRMATION', lastError: null },
    ]);
    expect(recorded[0]!.attempts).toBe(3);
    // The SMTP server refused one of the two emails once: three attempts between them.
    expect(recorded[1]!.attempts + recorded[2]!.attempts).toBe(3);
    // Each delivery timed from its row's creation, its retries' waits included (150 then 300 ms on the webhook).
    let metrics = '';
    const figure = (pattern: string) => Number(new RegExp(`^${pattern} (\\S+)$`, 'm').exec(metrics)?.[1]);
    const timed = (channel: string) => figure(`segmentia_notification_delay_seconds_count\\{channel="${channel}"\\}`);
    await until('the three deliveries timed', async () => {
      metrics = await api.app.get(Metrics).registry.metrics();
      return ['WEBHOOK', 'EMAIL', 'CONFIRMATION'].every((channel) => timed(channel) === 1);
    });
    expect(figure('segmentia_notification_delay_seconds_sum\\{channel="WEBHOOK"\\}')).toBeGreaterThanOrEqual(0.45);
    const last = (result: string) =>
      figure(`segmentia_notification_last_attempt_timestamp_seconds\\{channel="WEBHOOK",result="${result}"\\}`);
    expect(last('delivered')).toBeGreaterThan(last('failed'));
    // The failures were logged, by id; the lead's data never.
    const logs = logger.lines.join('\n');
    expect(logs).toContain(`Notification ${written[0]!.id}`);
    expect(logs).toContain('webhook answered HTTP 503');
    expect(logs).toContain('SMTP');
    for (const value of [lead.agencyName, lead.contactName, lead.email, '+34600123456', 'audiencias', 'Ortega'])
      expect(logs).not.toContain(value);
  },
);

it("confirms each request to the prospect in the request's language, once, and never a spam", async () => {
  const api = await start({ SMTP_URL: smtp.url, GATSBY_SITE_URL: 'https://www.segmentia.es' });
  const tag = randomUUID().slice(0, 8);
  const languages = ['ES', 'EN', 'DE', 'IT', 'FR'] as const;
  const requestId = randomUUID();
  const ids = [];
  for (const locale of languages) {
    ids.push(
      await submitLead(api, {
        locale,
        email: `${locale.toLowerCase()}.${tag}@agencianorte.es`,
        contactName: 'Lucía Fernández',
        ...(locale === 'ES' ? { requestId } : {}),
      }),
    );
  }
  // Sent again (the same requestId), and a spam: neither is confirmed.
  await submitLead(api, { requestId, email: `es.${tag}@agencianorte.es` });
  const spam = await submitLead(api, { website: 'https://bots.example', email: `spam.${tag}@agencianorte.es` });
  expect(await rows(api, spam)).toEqual([]);
  // A later lead, confirmed: the outbox has been claimed since the repeat and the spam were stored.
  const later = await submitLead(api, { email: `later.${tag}@agencianorte.es` });
  await delivered(api, [...ids, later]);
  await stop(api);

  const emails = await Promise.all(smtp.accepted.map((message) => simpleParser(message)));
  const to = (email: ParsedMail) => (Array.isArray(email.to) ? email.to[0] : email.to)!.value[0]!.address;
  expect(emails.map(to).sort()).toEqual(
    [...languages.map((locale) => `${locale.toLowerCase()}.${tag}@agencianorte.es`), `later.${tag}@agencianorte.es`].sort(),
  );
  const expected = {
    ES: {
      subject: 'Hemos recibido tu solicitud de acceso a la demo',
      step: 'en un máximo de 72 horas, sin contar fines de semana ni festivos',
      privacy: 'https://www.segmentia.es/privacy/',
    },
    EN: {
      subject: 'We have received your request for demo access',
      step: 'within 72 hours at most, not counting weekends and public holidays',
      privacy: 'https://www.segmentia.es/en/privacy/',
    },
    DE: {
      subject: 'Wir haben Ihre Anfrage für den Demo-Zugang erhalten',
      step: 'innerhalb von 72 Stunden (ohne Wochenenden und Feiertage)',
      privacy: 'https://www.segmentia.es/de/privacy/',
    },
    IT: {
      subject: 'Abbiamo ricevuto la Sua richiesta di accesso alla demo',
      step: 'entro 72 ore al massimo, esclusi i fine settimana e i festivi',
      privacy: 'https://www.segmentia.es/it/privacy/',
    },
    FR: {
      subject: 'Nous avons bien reçu votre demande d’accès à la démo',
      step: 'sous 72 heures au plus, hors week-ends et jours fériés',
      privacy: 'https://www.segmentia.es/fr/privacy/',
    },
  };
  for (const locale of languages) {
    const email = emails.find((candidate) => to(candidate) === `${locale.toLowerCase()}.${tag}@agencianorte.es`)!;
    expect(email.subject).toBe(expected[locale].subject);
    // Plain text and HTML, each with the next steps, the summary, the legal footer and the privacy policy of the language.
    for (const part of [email.text!, email.html as string]) {
      expect(part).toContain(expected[locale].step);
      // Nothing the visitor typed but the address (confirmation-email.ts says why).
      expect(part).toContain(`${locale.toLowerCase()}.${tag}@agencianorte.es`);
      for (const typed of ['Agencia Norte', 'Lucía']) expect(part).not.toContain(typed);
      expect(part).toContain(expected[locale].privacy);
      expect(part).toContain('Segmentia Data, S.L.');
      expect(part).toContain('B88123450');
    }
    expect((Array.isArray(email.to) ? email.to[0] : email.to)!.value[0]!.name).toBe('');
    expect(email.replyTo!.value[0]!.address).toBe('hola@segmentia.es');
    expect(email.headers.get('auto-submitted')).toBe('auto-generated');
  }
});

it('announces neither spam nor a repeated send', async () => {
  const api = await start({ NOTIFY_WEBHOOK_URL: webhook.url });
  const spam = await submitLead(api, { website: 'https://bots.example' });
  const requestId = randomUUID();
  const first = await submitLead(api, { requestId });
  const again = await submitLead(api, { requestId });
  expect(again).toBe(first);
  await delivered(api, [first]);
  expect(await rows(api, spam)).toEqual([]);
  const announced = await rows(api, first);
  expect(announced).toHaveLength(1);
  // A later lead, announced: the outbox has been claimed since the spam and the repeat were stored.
  const later = await submitLead(api);
  await delivered(api, [later]);
  const expected = [announced[0]!.id, ...(await notificationIds(api, [later]))];
  await stop(api);
  expect(webhook.accepted.map((delivery) => delivery.notificationId)).toEqual(expected);
});

it('loses nothing while the webhook is down and sends nothing twice across a restart of the API', async () => {
  const settings = { NOTIFY_WEBHOOK_URL: webhook.url };
  const before = await start(settings);
  webhook.down = true;
  const ids = [await submitLead(before), await submitLead(before), await submitLead(before)];
  await until('every delivery failed at least once', async () =>
    (await before.prisma.leadNotification.findMany({ where: { leadId: { in: ids } } })).every(
      (row) => row.lastError === 'webhook answered HTTP 503',
    ),
  );
  await before.close();
  apis.splice(apis.indexOf(before), 1);

  webhook.down = false;
  const after = await start(settings);
  await delivered(after, ids);
  // A later lead, announced: the outbox has been claimed again since the three were recorded.
  const later = await submitLead(after);
  await delivered(after, [later]);
  const recorded = await after.prisma.leadNotification.findMany({ where: { leadId: { in: ids } } });
  const laterIds = await notificationIds(after, [later]);
  await stop(after);
  // Nothing was sent twice.
  expect(new Set(webhook.accepted.map((delivery) => delivery.notificationId))).toEqual(
    new Set([...recorded.map((row) => row.id), ...laterIds]),
  );
  expect(webhook.accepted).toHaveLength(4);
  expect(recorded.every((row) => row.deliveredAt && row.attempts >= 2)).toBe(true);
});

it('delivers each notification once when several API replicas share the outbox', async () => {
  const replicas = await Promise.all([1, 2, 3].map(() => start({ NOTIFY_WEBHOOK_URL: webhook.url })));
  const ids = await Promise.all(Array.from({ length: 12 }, (_, index) => submitLead(replicas[index % 3]!)));
  await delivered(replicas[0]!, ids);
  expect(await replicas[0]!.prisma.leadNotification.count({ where: { leadId: { in: ids }, deliveredAt: { not: null } } })).toBe(12);
  // One more lead through each replica, announced: the outbox has been claimed since the twelve were recorded.
  const later = await Promise.all(replicas.map((replica) => submitLead(replica)));
  await delivered(replicas[0]!, later);
  const expected = await notificationIds(replicas[0]!, [...ids, ...later]);
  // Stopped, each replica first finishes what it has in hand: a send of one taken twice would arrive by then.
  await Promise.all(replicas.map(stop));
  expect(webhook.accepted).toHaveLength(15);
  expect(new Set(webhook.accepted.map((delivery) => delivery.notificationId))).toEqual(new Set(expected));
});

it(
  'does not announce a prospect to sales twice within an hour, nor ' +
    'confirm the same address twice; after the hour it announces a repeat',
  async () => {
    const api = await start({ NOTIFY_WEBHOOK_URL: webhook.url, SMTP_URL: smtp.url });
    const domain = `agencia-${randomUUID().slice(0, 8)}.es`;
    const channels = async (id: string) =>
      (await api.prisma.leadNotification.findMany({ where: { leadId: id }, select: { channel: true } })).map((row) => row.channel).sort();
    const first = await submitLead(api, { agencyName: 'Hora Media', email: `ana@${domain}` });
    const again = await submitLead(api, { agencyName: 'Hora Media', email: `ana@${domain}` });
    const colleague = await submitLead(api, { agencyName: 'Hora Media', email: `luis@${domain}` });
    expect(await channels(first)).toEqual(['CONFIRMATION', 'WEBHOOK']);
    expect(await channels(again)).toEqual([]);
    expect(await channels(colleague)).toEqual(['CONFIRMATION']);

    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await api.prisma.contactRequest.updateMany({ where: { id: { in: [first, again, colleague] } }, data: { receivedAt: twoHoursAgo } });
    const next = await submitLead(api, { agencyName: 'Hora Media', email: `ana@${domain}` });
    expect(await channels(next)).toEqual(['CONFIRMATION', 'WEBHOOK']);
    // Announced as any request: that it repeats three earlier ones is for the staff page, behind the link (the policy lists no more).
    const announced = (delivery: { body: { text: string; blocks: unknown[] } }) =>
      JSON.stringify(delivery.body.blocks).includes(`lead=${next}`);
    await until('the repeat announced', () => webhook.accepted.some(announced));
    const announcement = webhook.accepted.find(announced)!.body;
    expect(announcement.blocks[0]!.text!.text).toBe('New demo request: Hora Media');
    expect(JSON.stringify(announcement)).not.toMatch(/Repeat|4th|since/);
  },
);

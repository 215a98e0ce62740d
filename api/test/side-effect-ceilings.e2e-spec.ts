// The hourly ceilings of anonymous side effects over HTTP, counted in PostgreSQL: past one, an opt-out, an objection or
// a data-link request is refused TOO_MANY_REQUESTS with its reason, nothing stored and its proof unspent (the same send
// goes through once the hour allows); a contact request is never refused, its confirmation waits in the outbox.
// Counts are of the whole test database, which other spec files write to at the same time: each ceiling is set from
// the count of the moment, reached (others only add to it) or well above it.
import { randomUUID } from 'node:crypto';
import { fetchChallenge, solve, until } from '@segmentia/testing';
import type { ProofPurpose } from '../src/generated/prisma/enums';
import { Metrics } from '../src/metrics/metrics.service';
import { CEILING_REACHED, SideEffect, SideEffectCeilings } from '../src/side-effects/side-effect-ceilings';
import { startTestApi, type TestApi } from './support/api';
import { contactInput, submitLead } from './support/leads';
import { startSmtpReceiver, startWebhookReceiver } from './support/receivers';

let api: TestApi;
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;
const ceilings = (on = api) => on.app.get(SideEffectCeilings).perHour;
const proofOf = async (on = api) => {
  const challenge = await fetchChallenge(`${on.url}/graphql`);
  return { altcha: await solve(challenge), id: (challenge.parameters.data as { id: string }).id };
};
const spent = (id: string) => api.prisma.proofOfWorkUse.count({ where: { altchaId: id } });
const usedLastHour = async (purpose: ProofPurpose) =>
  (
    await api.prisma.$queryRaw<{ used: number }[]>`
      SELECT count(*)::int AS used FROM proof_of_work_use
      WHERE purpose = ${purpose}::"ProofPurpose" AND used_at > now() - interval '1 hour'`
  )[0]!.used;
const metric = async (name: string, action: string, on = api) => {
  const text = await on.app.get(Metrics).registry.getSingleMetricAsString(name);
  return Number(new RegExp(`^${name}\\{action="${action}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
};

/** Each proved action: its mutation, a fresh input, and what it stored for that input. */
const ACTIONS = {
  [SideEffect.OPT_OUT]: {
    purpose: 'OPT_OUT' as ProofPurpose,
    mutation: 'mutation OptOut($input: OptOutInput!) { optOutOfAudiences(input: $input) { id } }',
    input: () => ({ requestId: randomUUID(), deviceType: 'ANDROID', advertisingId: randomUUID() }),
    stored: (input: Record<string, unknown>) => api.prisma.audienceSuppression.count({ where: { requestId: input.requestId as string } }),
  },
  [SideEffect.OBJECTION]: {
    purpose: 'OBJECTION' as ProofPurpose,
    mutation: 'mutation Object($input: ObjectionInput!) { objectToAudiences(input: $input) { id } }',
    input: () => ({ requestId: randomUUID(), email: 'someone@example.org', message: 'I object to the audiences.', locale: 'EN' }),
    stored: (input: Record<string, unknown>) => api.prisma.audienceObjection.count({ where: { requestId: input.requestId as string } }),
  },
  [SideEffect.DATA_LINK]: {
    purpose: 'DATA_LINK' as ProofPurpose,
    mutation: 'mutation Link($input: RequestMyDataLinkInput!) { requestMyDataLink(input: $input) { sent } }',
    input: () => ({ email: `nobody-${randomUUID()}@example.org`, locale: 'EN' }),
    // A request for an address with no lead stores a row with neither address nor token: counted by the proof alone.
    stored: async () => 0,
  },
};

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY_HOPS: '1', SUPPRESSION_HASH_KEY: 'k'.repeat(40) });
});
afterAll(() => api.close());

describe.each([SideEffect.OPT_OUT, SideEffect.OBJECTION, SideEffect.DATA_LINK] as const)('past the hourly ceiling of %s', (action) => {
  const { purpose, mutation, input, stored } = ACTIONS[action];

  it('refuses TOO_MANY_REQUESTS with its reason, storing nothing, spending no proof; the same passes once the hour allows', async () => {
    const refusalsBefore = await metric('segmentia_side_effect_ceiling_hits_total', action);
    ceilings()[action] = await usedLastHour(purpose);
    const { altcha, id } = await proofOf();
    const variables = { input: { ...input(), altcha } };
    const { body } = await api.graphql(mutation, variables, { 'x-forwarded-for': newIp() });
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      reason: CEILING_REACHED,
      action,
      retryAfterSeconds: expect.any(Number),
    });
    expect(body.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(body.errors![0]!.extensions!.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await stored(variables.input)).toBe(0);
    expect(await spent(id)).toBe(0);
    expect(await metric('segmentia_side_effect_ceiling_hits_total', action)).toBe(refusalsBefore + 1);
    expect(await metric('segmentia_side_effect_ceiling_per_hour', action)).toBe(ceilings()[action]);
    expect(await metric('segmentia_side_effects_last_hour', action)).toBeGreaterThanOrEqual(ceilings()[action]);

    ceilings()[action] = (await usedLastHour(purpose)) + 5;
    const again = await api.graphql(mutation, variables, { 'x-forwarded-for': newIp() });
    expect(again.body.errors).toBeUndefined();
    expect(await spent(id)).toBe(1);
  });
});

it('answers a data-link request past its ceiling alike for an address with a lead and one without', async () => {
  const known = `known-${randomUUID()}@example.org`;
  await submitLead(api, { email: known });
  ceilings()[SideEffect.DATA_LINK] = await usedLastHour('DATA_LINK');
  const answers = [];
  for (const email of [known, `unknown-${randomUUID()}@example.org`]) {
    const { body } = await api.graphql(
      ACTIONS[SideEffect.DATA_LINK].mutation,
      { input: { email, locale: 'EN', altcha: (await proofOf()).altcha } },
      { 'x-forwarded-for': newIp() },
    );
    const { retryAfterSeconds: _seconds, stacktrace: _trace, ...extensions } = body.errors![0]!.extensions!;
    answers.push({ data: body.data, message: body.errors![0]!.message.replace(/\d+ min/, 'N min'), extensions });
  }
  expect(answers[0]).toMatchObject({ extensions: { code: 'TOO_MANY_REQUESTS', reason: CEILING_REACHED } });
  expect(answers[1]).toEqual(answers[0]);
  ceilings()[SideEffect.DATA_LINK] = Number.MAX_SAFE_INTEGER;
});

describe('past the hourly ceiling of confirmation emails', () => {
  it('stores the contact request and notifies sales; its confirmation waits in the outbox, and goes out once the hour allows', async () => {
    const [webhook, smtp] = await Promise.all([startWebhookReceiver(), startSmtpReceiver()]);
    const mailer = await startTestApi({
      TRUST_PROXY_HOPS: '1',
      NOTIFY_POLL_INTERVAL_MS: '100',
      NOTIFY_WEBHOOK_URL: webhook.url,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'ventas@segmentia.es',
    });
    try {
      const confirmationsLastHour = async () =>
        (
          await api.prisma.$queryRaw<{ used: number }[]>`
            SELECT count(*)::int AS used FROM lead_notification
            WHERE channel = 'CONFIRMATION' AND delivered_at > now() - interval '1 hour'`
        )[0]!.used;
      ceilings(mailer)[SideEffect.CONFIRMATION] = await confirmationsLastHour();
      const input = contactInput({ email: `held-${randomUUID()}@example.org` });
      const send = () =>
        mailer.graphql<{ submitContactRequest: { id: string; confirmationDelayed: boolean } }>(
          'mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id confirmationDelayed } }',
          { input },
          { 'x-forwarded-for': newIp() },
        );
      const { body } = await send();
      expect(body.errors).toBeUndefined();
      const { id, confirmationDelayed } = body.data!.submitContactRequest;
      expect(confirmationDelayed).toBe(true);
      const channels = () =>
        mailer.prisma.leadNotification.findMany({ where: { leadId: id }, select: { channel: true, deliveredAt: true } });
      await until('sales told of the lead (webhook and email)', async () =>
        (await channels()).filter((row) => row.channel !== 'CONFIRMATION').every((row) => row.deliveredAt),
      );
      // Twenty polls later the confirmation still waits, and nothing went to the prospect.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await channels()).find((row) => row.channel === 'CONFIRMATION')).toEqual({ channel: 'CONFIRMATION', deliveredAt: null });
      expect(smtp.accepted.filter((message) => message.includes(input.email as string))).toEqual([]);
      // A retried send gets the first receipt, still saying so.
      expect((await send()).body.data!.submitContactRequest).toEqual({ id, confirmationDelayed: true });

      ceilings(mailer)[SideEffect.CONFIRMATION] = (await confirmationsLastHour()) + 10;
      await until('the held confirmation sent and recorded', async () => (await channels()).every((row) => row.deliveredAt));
      expect(smtp.accepted.filter((message) => message.includes(input.email as string))).toHaveLength(1);
      expect((await send()).body.data!.submitContactRequest).toEqual({ id, confirmationDelayed: false });
    } finally {
      await mailer.close();
      await Promise.all([webhook.close(), smtp.close()]);
    }
  });
});

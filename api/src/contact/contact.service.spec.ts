import { contactInput } from '@segmentia/testing';
import type { GraphQLError } from 'graphql';
import type { AudiencesService } from '../audiences/audiences.service';
import { loadConfig } from '../common/config/app-config';
import { NotificationChannel } from '../generated/prisma/enums';
import type { NotificationWorker } from '../notifications/notification-worker';
import { stubPrisma } from '../prisma/testing';
import { ANNOUNCE_AGAIN_AFTER_MS, ContactService } from './contact.service';
import type { ContactRequestInput } from './dto/contact-request.input';
import type { SideEffectCeilings } from '../side-effects/side-effect-ceilings';
import { type ProofCheck, type ProofOfWork, ProofRefusal } from './proof-of-work';

const RECEIPT = { id: 'lead-1', receivedAt: new Date('2026-11-24T10:00:00Z') };
const INPUT = { ...contactInput(), altcha: 'payload' } as unknown as ContactRequestInput;

interface Earlier {
  id: string;
  receivedAt: Date;
  sameEmail: boolean;
}

/**
 * The service over stand-ins for what it talks to: Prisma (a transaction that records what it is asked to write),
 * the proof of work, the catalogue and the outbox's worker. The SQL itself is tested end to end (api/test).
 */
function setUp({
  stored = null as typeof RECEIPT | null,
  proof = { ok: true, challengeId: 'challenge-1', early: false } as ProofCheck,
  spent = true,
  delayed = false,
  unknown = [] as { country: string; audience: string }[],
  earlier = [] as Earlier[],
  inserted = true,
} = {}) {
  const written = {
    lead: undefined as Record<string, unknown> | undefined,
    channels: [] as NotificationChannel[],
    lookedForEarlier: false,
  };
  const tx = {
    $executeRaw: jest.fn(async () => 0),
    $queryRaw: jest.fn(async () => {
      written.lookedForEarlier = true;
      return earlier;
    }),
    contactRequest: {
      createManyAndReturn: jest.fn(async ({ data }: { data: Record<string, unknown> }) => {
        written.lead = data;
        return inserted ? [RECEIPT] : [];
      }),
    },
    leadNotification: {
      createMany: jest.fn(async ({ data }: { data: { channel: NotificationChannel }[] }) => {
        written.channels = data.map((row) => row.channel);
        return { count: data.length };
      }),
    },
  };
  const prisma = stubPrisma({ contactRequest: { findUnique: jest.fn(async () => stored) } }, tx);
  const proofOfWork = { check: jest.fn(async () => proof), spend: jest.fn(async () => spent) };
  const ceilings = { confirmationDelayed: jest.fn(async () => delayed) };
  const audiences = { resolve: jest.fn(async (pairs: unknown[]) => ({ found: pairs, unknown })) };
  const worker = { wake: jest.fn() };
  const config = loadConfig({
    DATABASE_URL: 'postgresql://unused',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    NOTIFY_EMAIL_TO: 'ventas@segmentia.es',
  });
  const service = new ContactService(
    prisma,
    config,
    worker as unknown as NotificationWorker,
    proofOfWork as unknown as ProofOfWork,
    audiences as unknown as AudiencesService,
    ceilings as unknown as SideEffectCeilings,
  );
  return { service, written, proofOfWork, audiences, worker, tx, prisma };
}

const extensionsOf = async (promise: Promise<unknown>) =>
  (
    (await promise.then(
      () => undefined,
      (error: GraphQLError) => error,
    )) as GraphQLError | undefined
  )?.extensions;
const fieldErrorsOf = async (promise: Promise<unknown>) => (await extensionsOf(promise))?.fieldErrors;

describe('ContactService.submit', () => {
  it('answers a retried send with the first receipt, without checking its proof again', async () => {
    const { service, proofOfWork, written } = setUp({ stored: RECEIPT });
    await expect(service.submit(INPUT)).resolves.toEqual({ ...RECEIPT, confirmationDelayed: false });
    expect(proofOfWork.check).not.toHaveBeenCalled();
    expect(written.lead).toBeUndefined();
  });

  it('stores a new lead with its score and terms, spends its challenge, announces it on every channel and wakes the outbox', async () => {
    const { service, written, worker, proofOfWork, tx } = setUp();
    await expect(service.submit(INPUT)).resolves.toEqual({ ...RECEIPT, confirmationDelayed: false });
    expect(proofOfWork.check).toHaveBeenCalledWith('payload', 'mark');
    expect(proofOfWork.spend).toHaveBeenCalledWith(tx, 'challenge-1', 'CONTACT_REQUEST');
    expect(written.lead).toMatchObject({ isSpam: false, status: 'NEW', requestNumber: 1, repeatOfId: null });
    expect(written.lead).toMatchObject({ termsVersion: expect.any(String), fitScore: expect.any(Number) });
    expect(written.lead).not.toHaveProperty('acceptTerms');
    expect(written.channels).toEqual([NotificationChannel.EMAIL, NotificationChannel.CONFIRMATION]);
    expect(worker.wake).toHaveBeenCalledTimes(1);
  });

  it.each([ProofRefusal.MISSING, ProofRefusal.INVALID, ProofRefusal.EXPIRED])(
    'refuses a proof that is %s, naming the field',
    async (refusal) => {
      const { service, written } = setUp({ proof: { ok: false, refusal } });
      expect(await fieldErrorsOf(service.submit(INPUT))).toEqual({
        altcha: [{ code: refusal, message: expect.stringMatching(/^altcha: /) }],
      });
      expect(written.lead).toBeUndefined();
    },
  );

  it('refuses audiences the catalogue does not have, naming them as data, and asks for a pair sent twice once', async () => {
    const { service, audiences, written } = setUp({ unknown: [{ country: 'DE', audience: 'unicorn-riders' }] });
    const pair = { country: 'DE', audience: 'unicorn-riders' };
    const extensions = await extensionsOf(service.submit({ ...INPUT, audiences: [pair, { ...pair }] } as ContactRequestInput));
    expect(extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { audiences: [{ code: 'unknownAudience', message: 'audiences: not in the catalogue: DE unicorn-riders' }] },
      unknownAudiences: [pair],
    });
    expect(audiences.resolve).toHaveBeenCalledWith([pair]);
    expect(written.lead).toBeUndefined();
  });

  it.each([
    ['a filled honeypot', { website: 'http://bot.example' }, {}],
    ['a form sent before its time trap', {}, { proof: { ok: true, challengeId: 'c', early: true } as ProofCheck }],
  ])('keeps %s as spam: never announced, never linked to earlier requests', async (_what, fields, options) => {
    const { service, written } = setUp({ ...options, earlier: [{ id: 'old', receivedAt: new Date(), sameEmail: true }] });
    await expect(service.submit({ ...INPUT, ...fields } as ContactRequestInput)).resolves.toEqual({
      ...RECEIPT,
      confirmationDelayed: false,
    });
    expect(written.lead).toMatchObject({ isSpam: true, status: 'SPAM', requestNumber: 1 });
    expect(written.lookedForEarlier).toBe(false);
    expect(written.channels).toEqual([]);
  });

  it('links a repeat to the first request; within the hour sales hear nothing, a colleague still gets her confirmation', async () => {
    const recent = new Date(Date.now() - ANNOUNCE_AGAIN_AFTER_MS / 2);
    const colleague = setUp({ earlier: [{ id: 'first', receivedAt: recent, sameEmail: false }] });
    await colleague.service.submit(INPUT);
    expect(colleague.written.lead).toMatchObject({ repeatOfId: 'first', requestNumber: 2 });
    expect(colleague.written.channels).toEqual([NotificationChannel.CONFIRMATION]);

    const same = setUp({ earlier: [{ id: 'first', receivedAt: recent, sameEmail: true }] });
    await same.service.submit(INPUT);
    expect(same.written.channels).toEqual([]);
  });

  it('announces a repeat again after the hour, as the third request', async () => {
    const old = new Date(Date.now() - 2 * ANNOUNCE_AGAIN_AFTER_MS);
    const { service, written } = setUp({
      earlier: [
        { id: 'first', receivedAt: old, sameEmail: true },
        { id: 'second', receivedAt: old, sameEmail: true },
      ],
    });
    await service.submit(INPUT);
    expect(written.lead).toMatchObject({ repeatOfId: 'first', requestNumber: 3 });
    expect(written.channels).toEqual([NotificationChannel.EMAIL, NotificationChannel.CONFIRMATION]);
  });

  it('answers a retry whose first send committed after its lookup with that receipt, though the proof is spent by then', async () => {
    const { service, prisma, written } = setUp({ proof: { ok: false, refusal: ProofRefusal.REUSED } });
    // The first send commits between the retry's lookup of its requestId and its proof's check.
    jest
      .mocked(prisma.contactRequest.findUnique)
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(RECEIPT as never);
    await expect(service.submit(INPUT)).resolves.toEqual({ ...RECEIPT, confirmationDelayed: false });
    expect(written.lead).toBeUndefined();
  });

  it('refuses a challenge another action spent first, storing nothing', async () => {
    const { service, worker, written } = setUp({ spent: false });
    expect(await fieldErrorsOf(service.submit(INPUT))).toEqual({ altcha: [{ code: ProofRefusal.REUSED, message: expect.any(String) }] });
    expect(written.lead).toBeUndefined();
    expect(worker.wake).not.toHaveBeenCalled();
  });

  it("never refuses a request for the confirmations' ceiling: stored and announced, the receipt says the confirmation waits", async () => {
    const { service, written } = setUp({ delayed: true });
    await expect(service.submit(INPUT)).resolves.toEqual({ ...RECEIPT, confirmationDelayed: true });
    expect(written.channels).toEqual([NotificationChannel.EMAIL, NotificationChannel.CONFIRMATION]);
  });
});

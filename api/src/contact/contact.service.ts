import { Injectable } from '@nestjs/common';
import { AudiencesService } from '../audiences/audiences.service';
import { AppConfig } from '../common/config/app-config';
import { badUserInput } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import { LeadStatus, NotificationChannel, ProofPurpose } from '../generated/prisma/enums';
import { scoreLead } from '../leads/fit-score';
import { NotificationWorker } from '../notifications/notification-worker';
import { PrismaService } from '../prisma/prisma.service';
import { SideEffectCeilings } from '../side-effects/side-effect-ceilings';
import type { ContactRequestInput } from './dto/contact-request.input';
import { toE164 } from './phone';
import type { ContactRequestReceipt } from './models/contact-request-receipt.model';
import { ProofOfWork, ProofRefusal, proofRefused } from './proof-of-work';

/** A request repeats the same prospect's requests of this many days before it. */
export const REPEAT_WINDOW_DAYS = 90;
/** A prospect who sends again within this time is not announced again (nor confirmed again at the same address). */
export const ANNOUNCE_AGAIN_AFTER_MS = 60 * 60 * 1000;

interface EarlierRequest {
  id: string;
  receivedAt: Date;
  sameEmail: boolean;
}

@Injectable()
export class ContactService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly notifications: NotificationWorker,
    private readonly proofOfWork: ProofOfWork,
    private readonly audiences: AudiencesService,
    private readonly ceilings: SideEffectCeilings,
  ) {}

  /**
   * Stores a validated request once per `requestId` and returns its receipt
   * once the row is committed. A repeated or concurrent send with the same id
   * inserts nothing (ON CONFLICT DO NOTHING) and gets the first receipt. A new
   * lead that is not spam gets its notifications (the outbox) in the same
   * transaction: committed together, or not at all. It is scored, and linked
   * to the same prospect's first request of the last 90 days if there is one;
   * a prospect who sent another request within the hour is not announced again.
   *
   * Bots: the request must carry the solution of a challenge this API issued
   * (ALTCHA), each challenge proving one action (spent in proof_of_work_use in
   * this transaction); a filled honeypot, or a form sent before its
   * challenge's `notBefore` (the time trap, on the API's clock), is kept as
   * spam but never worked as a lead, and the sender gets an ordinary receipt
   * so it learns nothing. The request is never refused for the confirmations'
   * hourly ceiling: its confirmation waits in the outbox, and the receipt says so.
   */
  async submit(input: ContactRequestInput): Promise<ContactRequestReceipt> {
    const { requestId, locale, phone, website, altcha, audiences = [], acceptTerms: _accepted, ...fields } = input;
    // A retried send (same requestId) gets the first receipt, whatever its proof.
    const stored = await this.receipt(requestId);
    if (stored) return stored;
    const proof = await this.proofOfWork.check(altcha, 'mark');
    if (!proof.ok) {
      // Spent by this requestId's own first send, committed since the lookup above (nginx's retry of a send whose answer
      // was lost): its receipt. Else by another action.
      const first = proof.refusal === ProofRefusal.REUSED ? await this.receipt(requestId) : null;
      if (first) return first;
      throw proofRefused(proof.refusal);
    }
    // Each audience asked for must be in the catalogue; the same one twice counts once.
    const pairs = [
      ...new Map(
        audiences.map((pair) => [`${pair.country}:${pair.audience}`, { country: pair.country, audience: pair.audience }]),
      ).values(),
    ];
    const requested = await this.audiences.resolve(pairs);
    if (requested.unknown.length) {
      const named = requested.unknown.map((pair) => `${pair.country} ${pair.audience}`).join(', ');
      throw badUserInput(
        { audiences: [{ code: 'unknownAudience', message: `audiences: not in the catalogue: ${named}` }] },
        { unknownAudiences: requested.unknown },
      );
    }
    const isSpam = Boolean(website?.trim()) || proof.early;
    const e164 = phone ? toE164(phone, locale) : null;
    const { fitReasons, ...score } = scoreLead({ ...fields, phone: e164 });
    const created = await this.prisma.$transaction(async (tx) => {
      if (!(await this.proofOfWork.spend(tx, proof.challengeId, ProofPurpose.CONTACT_REQUEST))) return undefined;
      const earlier = isSpam ? [] : await this.earlierRequests(tx, fields.agencyName, fields.email, score.freeEmail);
      const [lead] = await tx.contactRequest.createManyAndReturn({
        data: {
          ...fields,
          requestId,
          locale,
          phone: e164,
          termsVersion: this.config.TERMS_VERSION,
          termsAcceptedAt: new Date(),
          requestedAudiences: requested.found as unknown as Prisma.InputJsonValue,
          isSpam,
          ...score,
          fitReasons: fitReasons as unknown as Prisma.InputJsonValue,
          repeatOfId: earlier[0]?.id ?? null,
          requestNumber: earlier.length + 1,
          status: isSpam ? LeadStatus.SPAM : LeadStatus.NEW,
        },
        skipDuplicates: true,
        select: { id: true, receivedAt: true },
      });
      if (!lead) return undefined;
      if (!isSpam) {
        const channels = this.channelsFor(earlier);
        if (channels.length) await tx.leadNotification.createMany({ data: channels.map((channel) => ({ leadId: lead.id, channel })) });
      }
      return { ...lead, confirmationDelayed: await this.ceilings.confirmationDelayed(tx, lead.id) };
    });
    if (created) {
      this.notifications.wake();
      return created;
    }
    // Nothing stored: this requestId was stored meanwhile (a concurrent retry), or the challenge proved another action.
    const receipt = await this.receipt(requestId);
    if (!receipt) throw proofRefused(ProofRefusal.REUSED);
    return receipt;
  }

  private async receipt(requestId: string): Promise<ContactRequestReceipt | null> {
    const lead = await this.prisma.contactRequest.findUnique({ where: { requestId }, select: { id: true, receivedAt: true } });
    return lead && { ...lead, confirmationDelayed: await this.ceilings.confirmationDelayed(this.prisma, lead.id) };
  }

  /**
   * The same prospect's requests (not spam) of the last 90 days, oldest
   * first: the same email in any case, or the same agency name in any case at
   * the same email domain, unless that is a free-mail domain (there anyone
   * types any agency's name: it would mark a stranger's request as the
   * prospect's, and silence sales' notice of the prospect's own). Two sends of
   * one prospect at the same moment take their turns (transaction-level
   * advisory locks on both keys, in a fixed order), so the second always sees the first.
   */
  private async earlierRequests(
    tx: Prisma.TransactionClient,
    agencyName: string,
    email: string,
    freeEmail: boolean,
  ): Promise<EarlierRequest[]> {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    await tx.$executeRaw`
      SELECT pg_advisory_xact_lock(key) FROM unnest(ARRAY[
        hashtextextended('lead-email:' || lower(${email}), 0),
        hashtextextended('lead-agency:' || lower(${agencyName}) || '@' || lower(${domain}), 0)]) AS key ORDER BY key`;
    return tx.$queryRaw<EarlierRequest[]>`
      SELECT id, received_at AS "receivedAt", lower(email) = lower(${email}) AS "sameEmail"
      FROM contact_request
      WHERE NOT is_spam
        AND received_at > now() - make_interval(days => ${REPEAT_WINDOW_DAYS})
        AND (lower(email) = lower(${email})
          OR (NOT ${freeEmail} AND lower(agency_name) = lower(${agencyName}) AND lower(split_part(email, '@', 2)) = lower(${domain})))
      ORDER BY received_at, id`;
  }

  /** Who hears of a new lead: sales unless the prospect sent another within the hour; the prospect unless the same address did. */
  private channelsFor(earlier: EarlierRequest[]): NotificationChannel[] {
    const recent = earlier.filter((request) => Date.now() - request.receivedAt.getTime() < ANNOUNCE_AGAIN_AFTER_MS);
    return this.config.notificationChannels.filter((channel) =>
      channel === NotificationChannel.CONFIRMATION ? !recent.some((request) => request.sameEmail) : !recent.length,
    );
  }
}

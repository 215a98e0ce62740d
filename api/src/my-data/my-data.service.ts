import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { AudiencesService } from '../audiences/audiences.service';
import { AppConfig } from '../common/config/app-config';
import { ErrorCode } from '../common/errors/errors';
import { ProofOfWork, ProofRefusal, proofRefused } from '../contact/proof-of-work';
import type { Prisma } from '../generated/prisma/client';
import { type Locale, NotificationChannel, ProofPurpose } from '../generated/prisma/enums';
import { DATA_SUBJECT, eraseRequested } from '../leads/leads.service';
import { withTypedJson } from '../leads/models/lead.model';
import { dataLinkUrl } from '../notifications/data-link-email';
import { NotificationWorker } from '../notifications/notification-worker';
import { NotificationSenders } from '../notifications/senders';
import { PrismaService } from '../prisma/prisma.service';
import { SideEffect, SideEffectCeilings } from '../side-effects/side-effect-ceilings';
import type { RequestMyDataLinkInput } from './dto/request-my-data-link.input';
import { type MyDataErasure, type MyDataLinkReceipt, type MyRequestData, NotificationStatus } from './models/my-request-data.model';
import { OWN_FIELDS, ownRepeats } from './own-repeats';

/** How long a link opens the data after it was sent (the privacy centre's fixed decision). */
export const LINK_MINUTES = 30;
/** Every row of data_access_link is erased this long after its request (retention.service). */
export const LINK_KEPT_HOURS = 24;

/** Why a link does not open the data: the page words each (extensions.reason, with UNAUTHENTICATED). */
export type LinkRefusal = 'linkInvalid' | 'linkExpired' | 'linkUsed';
const LINK_REFUSALS: Record<LinkRefusal, string> = {
  linkInvalid: 'This link is not valid: ask for a new one',
  linkExpired: `This link has expired (${LINK_MINUTES} minutes after it was sent): ask for a new one`,
  linkUsed: 'This link was used to erase the data and no longer works',
};
const linkRefused = (reason: LinkRefusal) =>
  new GraphQLError(LINK_REFUSALS[reason], { extensions: { code: ErrorCode.Unauthenticated, reason } });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Client = Prisma.TransactionClient | PrismaService;

/**
 * The privacy centre's "your request's data": a person who sent the contact form asks for a link by address, and
 * through it sees what Segmentia holds about their requests and erases it themselves.
 *
 * The answer is the same whether or not the address has a lead, and takes the same work: a request solves a
 * proof-of-work challenge (spent by it alone; refused over the hourly ceiling of link requests), and only an address
 * that has a lead, asked for fewer than MY_DATA_LINKS_PER_HOUR times in the hour, gets a link, emailed after the
 * answer (the token is stored as its SHA-256 only, so the outbox could not send it later). A link opens the data for
 * LINK_MINUTES from its sending, as often as the page is reloaded, until the erasure ends it (and every other link of
 * the address): what the privacy policy and the email say.
 */
@Injectable()
export class MyDataService implements OnModuleDestroy {
  private readonly logger = new Logger('MyData');
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly proofOfWork: ProofOfWork,
    private readonly senders: NotificationSenders,
    private readonly notifications: NotificationWorker,
    private readonly audiences: AudiencesService,
    private readonly ceilings: SideEffectCeilings,
  ) {}

  async requestLink({ email, locale, altcha }: RequestMyDataLinkInput, now = new Date()): Promise<MyDataLinkReceipt> {
    const proof = await this.proofOfWork.check(altcha, 'refuse');
    if (!proof.ok) throw proofRefused(proof.refusal);
    const token = randomBytes(32).toString('base64url');
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const sendTo = await this.prisma.$transaction(async (tx) => {
      // Counted alike whether or not the address has a lead, so neither the ceiling nor its refusal tells which.
      await this.ceilings.admit(tx, SideEffect.DATA_LINK);
      if (!(await this.proofOfWork.spend(tx, proof.challengeId, ProofPurpose.DATA_LINK))) throw proofRefused(ProofRefusal.REUSED);
      // Two requests for one address at once take turns, so the hourly limit holds.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('data-access-link:' || lower(${email}), 0))`;
      // PostgreSQL lower-cases both sides (the input is ASCII); the link goes to the addresses as the leads and
      // objections store them, never as typed.
      const [found] = await tx.$queryRaw<{ address: string; stored: string[]; links: number }[]>`
        SELECT lower(${email}) AS address,
          ARRAY(SELECT email FROM contact_request WHERE lower(email) = lower(${email})
                UNION SELECT email FROM audience_objection WHERE lower(email) = lower(${email}) ORDER BY 1) AS stored,
          (SELECT count(*)::int FROM data_access_link WHERE email = lower(${email}) AND requested_at > ${hourAgo}) AS links`;
      const send = found!.stored.length > 0 && found!.links < this.config.MY_DATA_LINKS_PER_HOUR;
      await tx.dataAccessLink.createMany({
        data: {
          locale,
          expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
          ...(send ? { email: found!.address, tokenHash: sha256(token) } : {}),
        },
      });
      return send ? found!.stored : [];
    });
    if (sendTo.length) this.sendLink(sendTo, locale, token);
    return { sent: true };
  }

  /**
   * What Segmentia holds about the link's address: its requests, newest first, each with the notifications sent and
   * its repeat fields counted over the address's own requests (ownRepeats), and its written objections. The audiences
   * asked for are named in `locale`, the link's language when none is given.
   */
  async view(token: string, locale?: Locale | null, now = new Date()): Promise<MyRequestData> {
    const link = await liveLink(this.prisma, token, now);
    const [ids, objectionIds] = await Promise.all([leadIdsOf(this.prisma, link.email), objectionIdsOf(this.prisma, link.email)]);
    const [rows, objections] = await Promise.all([
      this.prisma.contactRequest.findMany({
        select: {
          ...OWN_FIELDS,
          isSpam: true,
          notifications: { select: { channel: true, createdAt: true, deliveredAt: true }, orderBy: { channel: 'asc' } },
        },
        where: { id: { in: ids } },
        orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      }),
      this.prisma.audienceObjection.findMany({
        select: { id: true, receivedAt: true, locale: true, email: true, message: true, answeredAt: true },
        where: { id: { in: objectionIds } },
        orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      }),
    ]);
    const repeats = ownRepeats(rows);
    const requests = rows.map(({ notifications, isSpam: _spam, ...row }) => ({
      ...withTypedJson(row),
      ...repeats.get(row.id)!,
      notifications: notifications.map((sent) => ({
        ...sent,
        status: sent.deliveredAt ? NotificationStatus.SENT : NotificationStatus.PENDING,
      })),
    }));
    const asked = requests.flatMap((request) => request.requestedAudiences);
    const paths = await this.audiences.taxonomyPaths(asked, locale ?? link.locale);
    return {
      email: link.email,
      expiresAt: link.expiresAt,
      requests: requests.map((request) => ({
        ...request,
        requestedAudiences: request.requestedAudiences.map((audience) => ({
          ...audience,
          taxonomyPath: paths.get(`${audience.country}:${audience.audience}`) ?? audience.englishTaxonomyPath,
        })),
      })),
      objections,
    };
  }

  /**
   * Erases every lead and written objection of the link's address through staff's own erasure path and ledger
   * (eraseRequested: reason REQUEST, erased by DATA_SUBJECT); the link and every other link of the address die with
   * it, and forget the address. Sales are told, through the outbox in the same transaction, to delete the chat notice
   * and the email they were sent about those leads (the notice names the leads' ids only).
   */
  async erase(token: string, now = new Date()): Promise<MyDataErasure> {
    const erased = await this.prisma.$transaction(async (tx) => {
      const link = await liveLink(tx, token, now);
      const { count: claimed } = await tx.dataAccessLink.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: now } });
      if (!claimed) throw linkRefused('linkUsed');
      const ids = await leadIdsOf(tx, link.email);
      const objectionIds = await objectionIdsOf(tx, link.email);
      const erasure = await eraseRequested(tx, ids, DATA_SUBJECT, objectionIds);
      const channels = this.config.notificationChannels.filter((channel) => channel !== NotificationChannel.CONFIRMATION);
      if (erasure?.count && channels.length) {
        await tx.leadNotification.createMany({ data: channels.map((channel) => ({ erasureId: erasure.id, channel })) });
      }
      await tx.dataAccessLink.updateMany({ where: { email: link.email }, data: { email: null, usedAt: now } });
      return { erasedAt: erasure?.erasedAt ?? now, count: erasure?.count ?? 0, objections: erasure?.objectionCount ?? 0 };
    });
    if (erased.count) this.notifications.wake();
    return erased;
  }

  /**
   * Emailed after the answer (started on the next turn of the event loop, so no part of the send adds to the answer's
   * time), which is then the same for an address with no lead; a failure is logged without the address.
   */
  private sendLink(to: string[], locale: Locale, token: string): void {
    const url = dataLinkUrl(this.config.siteUrl, locale, token);
    const sending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.senders.sendDataLink(to, { locale, url, minutes: LINK_MINUTES }))
      .catch((error: unknown) => this.logger.error(`A data link could not be sent: ${error instanceof Error ? error.message : error}`))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /** Links being sent are sent before the mailer closes. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.sending);
  }
}

/** The link of this token while it opens the data; else why not. */
async function liveLink(client: Client, token: string, now: Date) {
  const link = await client.dataAccessLink.findUnique({
    where: { tokenHash: sha256(token) },
    select: { id: true, email: true, locale: true, expiresAt: true, usedAt: true },
  });
  if (!link) throw linkRefused('linkInvalid');
  if (link.usedAt || !link.email) throw linkRefused('linkUsed');
  if (link.expiresAt <= now) throw linkRefused('linkExpired');
  return { ...link, email: link.email };
}

/** The leads of an address, in any case, by PostgreSQL's lower() on both sides (as requestLink found them). */
async function leadIdsOf(client: Client, address: string): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM contact_request WHERE lower(email) = lower(${address})`;
  return rows.map((row) => row.id);
}

/** The written objections of an address, found as its leads are. */
async function objectionIdsOf(client: Client, address: string): Promise<string[]> {
  const rows = await client.$queryRaw<
    { id: string }[]
  >`SELECT id::text AS id FROM audience_objection WHERE lower(email) = lower(${address})`;
  return rows.map((row) => row.id);
}

import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { AppConfig } from '../common/config/app-config';
import { ErrorCode } from '../common/errors/errors';
import { ProofOfWork, ProofRefusal, proofRefused } from '../contact/proof-of-work';
import type { Prisma } from '../generated/prisma/client';
import type { Locale } from '../generated/prisma/enums';
import { DATA_SUBJECT, eraseRequested, LEAD_FIELDS } from '../leads/leads.service';
import { withTypedJson } from '../leads/models/lead.model';
import { dataLinkUrl } from '../notifications/data-link-email';
import { NotificationSenders } from '../notifications/senders';
import { PrismaService } from '../prisma/prisma.service';
import type { RequestMyDataLinkInput } from './dto/request-my-data-link.input';
import { type MyDataErasure, type MyDataLinkReceipt, type MyRequestData, NotificationStatus } from './models/my-request-data.model';

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
 * proof-of-work challenge, is recorded once per challenge, and only an address that has a lead, asked for fewer than
 * MY_DATA_LINKS_PER_HOUR times in the hour, gets a link, emailed after the answer (the token is stored as its SHA-256
 * only, so the outbox could not send it later). A link opens the data for LINK_MINUTES from its sending, as often as the
 * page is reloaded: the link is single-use in that its erasure ends it (and every other link of the address).
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
  ) {}

  async requestLink({ email, locale, altcha }: RequestMyDataLinkInput, now = new Date()): Promise<MyDataLinkReceipt> {
    const proof = await this.proofOfWork.check(altcha);
    if (!proof.ok) throw proofRefused(proof.refusal);
    const address = email.toLowerCase();
    const token = randomBytes(32).toString('base64url');
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const send = await this.prisma.$transaction(async (tx) => {
      // Two requests for one address at once take turns, so the hourly limit holds.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`data-access-link:${address}`}, 0))`;
      const [counts] = await tx.$queryRaw<{ leads: number; links: number }[]>`
        SELECT (SELECT count(*)::int FROM contact_request WHERE lower(email) = ${address}) AS leads,
               (SELECT count(*)::int FROM data_access_link WHERE email = ${address} AND requested_at > ${hourAgo}) AS links`;
      const send = counts!.leads > 0 && counts!.links < this.config.MY_DATA_LINKS_PER_HOUR;
      const { count } = await tx.dataAccessLink.createMany({
        data: {
          altchaId: proof.challengeId,
          locale,
          expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
          ...(send ? { email: address, tokenHash: sha256(token) } : {}),
        },
        skipDuplicates: true,
      });
      if (!count) throw proofRefused(ProofRefusal.REUSED);
      return send;
    });
    if (send) this.sendLink(email, locale, token);
    return { sent: true };
  }

  /** What Segmentia holds about the link's address: its requests, newest first, each with the notifications sent. */
  async view(token: string, now = new Date()): Promise<MyRequestData> {
    const link = await liveLink(this.prisma, token, now);
    const ids = await leadIdsOf(this.prisma, link.email);
    const rows = await this.prisma.contactRequest.findMany({
      select: {
        ...LEAD_FIELDS,
        notifications: { select: { channel: true, createdAt: true, deliveredAt: true }, orderBy: { channel: 'asc' } },
      },
      where: { id: { in: ids } },
      orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
    });
    return {
      email: link.email,
      expiresAt: link.expiresAt,
      requests: rows.map(({ notifications, ...row }) => ({
        ...withTypedJson(row),
        notifications: notifications.map((sent) => ({
          ...sent,
          status: sent.deliveredAt ? NotificationStatus.SENT : NotificationStatus.PENDING,
        })),
      })),
    };
  }

  /**
   * Erases every lead of the link's address through staff's own erasure path and ledger (eraseRequested: reason
   * REQUEST, erased by DATA_SUBJECT); the link and every other link of the address die with it, and forget the address.
   */
  async erase(token: string, now = new Date()): Promise<MyDataErasure> {
    return this.prisma.$transaction(async (tx) => {
      const link = await liveLink(tx, token, now);
      const { count: claimed } = await tx.dataAccessLink.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: now } });
      if (!claimed) throw linkRefused('linkUsed');
      const ids = await leadIdsOf(tx, link.email);
      const erasure = ids.length ? await eraseRequested(tx, ids, DATA_SUBJECT) : null;
      await tx.dataAccessLink.updateMany({ where: { email: link.email }, data: { email: null, usedAt: now } });
      return { erasedAt: erasure?.erasedAt ?? now, count: erasure ? ids.length : 0 };
    });
  }

  /** Emailed after the answer, which is then the same for an address with no lead; a failure is logged without the address. */
  private sendLink(to: string, locale: Locale, token: string): void {
    const url = dataLinkUrl(this.config.siteUrl, locale, token);
    const sending: Promise<void> = this.senders
      .sendDataLink(to, { locale, url, minutes: LINK_MINUTES })
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
    select: { id: true, email: true, expiresAt: true, usedAt: true },
  });
  if (!link) throw linkRefused('linkInvalid');
  if (link.usedAt || !link.email) throw linkRefused('linkUsed');
  if (link.expiresAt <= now) throw linkRefused('linkExpired');
  return { ...link, email: link.email };
}

/** The leads of an address, in any case (as the contact form finds a prospect's earlier requests). */
async function leadIdsOf(client: Client, address: string): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM contact_request WHERE lower(email) = ${address}`;
  return rows.map((row) => row.id);
}

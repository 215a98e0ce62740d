import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { isDatabaseUnavailable } from '../common/errors/database-errors';
import type { Prisma } from '../generated/prisma/client';
import { NotificationChannel } from '../generated/prisma/enums';
import { withTypedJson } from '../leads/models/lead.model';
import { Metrics } from '../metrics/metrics.service';
import { PrismaService } from '../prisma/prisma.service';
import { SideEffectCeilings } from '../side-effects/side-effect-ceilings';
import { DeliveryError, NotificationSenders } from './senders';

interface Claimed {
  id: string;
  /** A new lead's notification names its lead; a person's own erasure's notice to sales names the erasure. */
  leadId: string | null;
  erasureId: string | null;
  channel: NotificationChannel;
  attempts: number;
  createdAt: Date;
}

/** Rows taken per round trip. */
const BATCH = 10;

const SUMMARY = {
  id: true,
  receivedAt: true,
  agencyName: true,
  agencyType: true,
  agencySize: true,
  contactName: true,
  email: true,
  freeEmail: true,
  phone: true,
  position: true,
  interest: true,
  locale: true,
  message: true,
  landingPage: true,
  referrerHost: true,
  utmSource: true,
  utmMedium: true,
  utmCampaign: true,
  fitScore: true,
  fitReasons: true,
  requestNumber: true,
  repeatOf: { select: { id: true, receivedAt: true } },
  requestedAudiences: true,
} as const;

/**
 * Delivers the outbox (lead_notification): rows are written in the same
 * transaction as their lead, so a lead committed is a lead announced. The
 * worker takes due rows with FOR UPDATE SKIP LOCKED (replicas never take the
 * same row), sends, and records the delivery at once; a failure is retried
 * with a doubling delay (NOTIFY_RETRY_BASE_MS, up to NOTIFY_RETRY_MAX_MS), forever, so a
 * receiver that is down loses nothing. The prospects' confirmations go out
 * within their hourly ceiling (SideEffectCeilings); past it they wait, never
 * dropped. Stopping waits for sends in flight to
 * be recorded, so a restart never sends one twice. Logs name ids, never data.
 */
@Injectable()
export class NotificationWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private readonly channels: NotificationChannel[];
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private wakeAgain = false;
  private stopped = false;
  /** The database could not be reached at the last try: said once, not at every poll. */
  private unreachable = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly senders: NotificationSenders,
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly ceilings: SideEffectCeilings,
  ) {
    this.channels = config.notificationChannels;
    metrics.expectDeliveries(this.channels);
  }

  onApplicationBootstrap(): void {
    if (!this.channels.length) {
      this.logger.warn(
        'No notification channel is set (NOTIFY_WEBHOOK_URL, or SMTP_URL with NOTIFY_EMAIL_TO): leads are stored, nobody is told',
      );
      return;
    }
    this.timer = setInterval(() => this.wake(), this.config.NOTIFY_POLL_INTERVAL_MS).unref();
    this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
  }

  /** Delivers what is due: on the timer, and at once after a new lead. */
  wake(): void {
    if (this.stopped || !this.channels.length) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = this.drain()
      .then(() => {
        if (this.unreachable) this.logger.log('Outbox read again');
        this.unreachable = false;
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) this.logger.error(`Outbox not read: ${error instanceof Error ? error.message : error}`);
        else if (!this.unreachable) this.logger.warn('Outbox not read: the database cannot be reached; trying again at every poll');
        this.unreachable ||= isDatabaseUnavailable(error);
      })
      .finally(() => {
        this.draining = undefined;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    let batch: Claimed[];
    do {
      batch = await this.claim();
      await Promise.all(batch.map((notification) => this.deliver(notification)));
    } while (batch.length >= BATCH && !this.stopped);
  }

  /**
   * Due rows of every channel but the prospects' confirmations, then as many confirmations as their hourly ceiling
   * allows now (counted and claimed under its lock, so replicas together never pass it): the rest wait, due, for the
   * hour to allow them.
   */
  private async claim(): Promise<Claimed[]> {
    const confirmation = NotificationChannel.CONFIRMATION;
    const others = await this.claimDue(
      this.prisma,
      this.channels.filter((channel) => channel !== confirmation),
      BATCH,
    );
    if (!this.channels.includes(confirmation)) return others;
    const confirmations = await this.prisma.$transaction(async (tx) =>
      this.claimDue(tx, [confirmation], Math.min(BATCH, await this.ceilings.confirmationsAllowed(tx))),
    );
    return [...others, ...confirmations];
  }

  private async claimDue(client: Prisma.TransactionClient, channels: NotificationChannel[], limit: number): Promise<Claimed[]> {
    if (!channels.length || limit < 1) return [];
    return client.$queryRaw<Claimed[]>`
      UPDATE lead_notification
      SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${this.config.NOTIFY_LEASE_SECONDS})
      WHERE id IN (
        SELECT id FROM lead_notification
        WHERE delivered_at IS NULL AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
          AND channel::text = ANY(${channels}::text[])
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, lead_id AS "leadId", erasure_id AS "erasureId", channel, attempts, created_at AS "createdAt"`;
  }

  /**
   * A send that went out must be recorded, or it goes out again when the lease
   * ends: a database that is busy (no free connection) or away for a moment is
   * tried again, for up to half the lease.
   */
  private async recordDelivered(id: string): Promise<void> {
    const deadline = Date.now() + (this.config.NOTIFY_LEASE_SECONDS * 1000) / 2;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.prisma.leadNotification.updateMany({
          where: { id },
          data: { deliveredAt: new Date(), lockedUntil: null, lastError: null },
        });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 2000)));
      }
    }
  }

  /** The send of a lead's notification (none once the lead is erased: its rows went with it), or of an erasure's notice. */
  private async sendOf({ id, leadId, erasureId, channel }: Claimed): Promise<(() => Promise<void>) | null> {
    if (erasureId) {
      const erasure = await this.prisma.leadErasure.findUnique({ where: { id: erasureId }, select: { leadIds: true } });
      return erasure && (() => this.senders.sendErasureNotice(channel, id, erasure.leadIds));
    }
    const row = leadId && (await this.prisma.contactRequest.findUnique({ where: { id: leadId }, select: SUMMARY }));
    return row ? () => this.senders.send(channel, id, withTypedJson(row)) : null;
  }

  private async deliver(claimed: Claimed): Promise<void> {
    const { id, leadId, erasureId, channel, attempts, createdAt } = claimed;
    const about = erasureId ? `erasure ${erasureId}` : `lead ${leadId}`;
    const send = await this.sendOf(claimed);
    if (!send) return;
    try {
      await send();
    } catch (error) {
      const reason = error instanceof DeliveryError ? error.message : 'unexpected error';
      const delay = Math.min(this.config.NOTIFY_RETRY_BASE_MS * 2 ** (attempts - 1), this.config.NOTIFY_RETRY_MAX_MS);
      await this.prisma.leadNotification.updateMany({
        where: { id },
        data: { nextAttemptAt: new Date(Date.now() + delay), lockedUntil: null, lastError: reason },
      });
      this.metrics.failedDelivery(channel);
      this.logger.warn(
        `Notification ${id} (${channel}, ${about}) attempt ${attempts} failed: ${reason}; next in ${Math.ceil(delay / 1000)} s`,
      );
      return;
    }
    await this.recordDelivered(id);
    this.metrics.delivered(channel, createdAt);
    this.logger.log(`Notification ${id} (${channel}, ${about}) delivered at attempt ${attempts}`);
  }
}

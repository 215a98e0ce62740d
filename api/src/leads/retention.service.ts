import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ErasureReason, LeadStatus, StaffActionKind } from '../generated/prisma/enums';
import { Metrics } from '../metrics/metrics.service';
import { PrismaService } from '../prisma/prisma.service';
import { LINK_KEPT_HOURS } from '../my-data/my-data.service';

/**
 * Erases leads (and the privacy centre's written objections) older than
 * LEAD_RETENTION_MONTHS, spam older than SPAM_RETENTION_DAYS and consent
 * records older than CONSENT_RETENTION_MONTHS, and the privacy centre's
 * requests for a data link 24 hours on (the periods the privacy policy states): at start, then every
 * RETENTION_INTERVAL_MINUTES. A lead's staff actions go with it; the actions
 * that name no lead (lists, exports, erasures) are erased on the leads'
 * schedule. Several replicas may run it at once: a lead is deleted once, and
 * each run records only what it erased.
 */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /**
   * The first run is awaited: Nest listens only after every bootstrap hook, so the API serves nothing (a restored
   * database above all) before the retention periods are applied. A failed run is logged and the API serves anyway.
   */
  async onApplicationBootstrap(): Promise<void> {
    const run = () => {
      this.running ??= this.runOnce()
        .then(() => this.metrics.retentionRuns.inc({ result: 'ok' }))
        .catch((error: unknown) => {
          this.metrics.retentionRuns.inc({ result: 'failed' });
          this.logger.error(`Retention run failed: ${error instanceof Error ? error.message : error}`);
        })
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(run, this.config.RETENTION_INTERVAL_MINUTES * 60_000).unref();
    run();
    await this.running;
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Every period the privacy policy states: leads, spam, records of cookie decisions. */
  async runOnce(now = new Date()): Promise<void> {
    this.metrics.retentionErased.inc({ kind: 'lead' }, await this.eraseExpired(now));
    this.metrics.retentionErased.inc({ kind: 'spam' }, await this.eraseSpam(now));
    this.metrics.retentionErased.inc({ kind: 'consent_record' }, await this.eraseConsentRecords(now));
    this.metrics.retentionErased.inc({ kind: 'staff_action' }, await this.eraseStaffActions());
    this.metrics.retentionErased.inc({ kind: 'data_access_link' }, await this.eraseDataAccessLinks(now));
    this.metrics.retentionErased.inc({ kind: 'audience_objection' }, await this.eraseObjections(now));
  }

  /** The moment before which a row is erased: the same day `months` back, or that month's last day. */
  cutoff(now = new Date(), months = this.config.LEAD_RETENTION_MONTHS): Date {
    const cutoff = new Date(now);
    cutoff.setUTCDate(1);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
    const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
    cutoff.setUTCDate(Math.min(now.getUTCDate(), lastDay));
    return cutoff;
  }

  /** Erases the expired leads (their notifications cascade) and returns how many. */
  async eraseExpired(now = new Date()): Promise<number> {
    const count = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.contactRequest.deleteMany({ where: { receivedAt: { lt: this.cutoff(now) } } });
      if (count) await tx.leadErasure.create({ data: { reason: ErasureReason.RETENTION, count } });
      return count;
    });
    if (count) this.logger.log(`Erased ${count} lead(s) older than ${this.config.LEAD_RETENTION_MONTHS} months`);
    return count;
  }

  /**
   * Erases spam SPAM_RETENTION_DAYS after it arrived, as the privacy policy says (kept that long to see abuse
   * patterns): what the honeypot caught, and what staff marked as spam. Recorded like an erasure staff asked for
   * (reason SPAM, the leads' ids, which the backups' ledger copies): one record per account that marked leads as spam
   * (the last to set SPAM), and one with no account for what the honeypot caught. The lead's staff actions, read in
   * the statement that deletes it, are erased with it.
   */
  async eraseSpam(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.SPAM_RETENTION_DAYS * 86_400_000);
    const erased = await this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; markedBy: string | null }[]>`
        WITH erased AS (
          DELETE FROM contact_request
          WHERE (is_spam OR status = ${LeadStatus.SPAM}::"LeadStatus") AND received_at < ${before}
          RETURNING id
        )
        SELECT erased.id::text AS id, (
          SELECT staff_uid FROM staff_action
          WHERE lead_id = erased.id AND kind = ${StaffActionKind.STATUS}::"StaffActionKind" AND status = ${LeadStatus.SPAM}::"LeadStatus"
          ORDER BY acted_at DESC LIMIT 1
        ) AS "markedBy"
        FROM erased`;
      const byMarker = new Map<string | null, string[]>();
      for (const { id, markedBy } of rows) byMarker.set(markedBy, [...(byMarker.get(markedBy) ?? []), id]);
      await tx.leadErasure.createMany({
        data: [...byMarker].map(([markedBy, leadIds]) => ({
          reason: ErasureReason.SPAM,
          count: leadIds.length,
          erasedBy: markedBy,
          leadIds,
        })),
      });
      return rows.length;
    });
    if (erased) this.logger.log(`Erased ${erased} spam submission(s) older than ${this.config.SPAM_RETENTION_DAYS} days`);
    return erased;
  }

  /**
   * Erases the staff actions that name no lead (a page of the list, an export, an erasure) on the leads' schedule, by
   * the database's clock: the API's role may not delete from that ledger, only call the owner's function that erases
   * what is past the period (migration 20261129101000_ledgers).
   */
  async eraseStaffActions(): Promise<number> {
    const [{ count }] = await this.prisma.$queryRaw<[{ count: number }]>`
      SELECT erase_expired_staff_actions(${this.config.LEAD_RETENTION_MONTHS}::int) AS count`;
    if (count) this.logger.log(`Erased ${count} staff action(s) older than ${this.config.LEAD_RETENTION_MONTHS} months`);
    return count;
  }

  /** Erases the privacy centre's written objections LEAD_RETENTION_MONTHS after they arrived, answered or not. */
  async eraseObjections(now = new Date()): Promise<number> {
    const { count } = await this.prisma.audienceObjection.deleteMany({ where: { receivedAt: { lt: this.cutoff(now) } } });
    if (count) this.logger.log(`Erased ${count} audience objection(s) older than ${this.config.LEAD_RETENTION_MONTHS} months`);
    return count;
  }

  /** Erases the privacy centre's requests for a link (a link's address and its token's hash) LINK_KEPT_HOURS after each. */
  async eraseDataAccessLinks(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - LINK_KEPT_HOURS * 3_600_000);
    const { count } = await this.prisma.dataAccessLink.deleteMany({ where: { requestedAt: { lt: before } } });
    if (count) this.logger.log(`Erased ${count} request(s) for a data link older than ${LINK_KEPT_HOURS} hours`);
    return count;
  }

  /** Erases records of cookie decisions CONSENT_RETENTION_MONTHS after the decision. */
  async eraseConsentRecords(now = new Date()): Promise<number> {
    const { count } = await this.prisma.consentRecord.deleteMany({
      where: { decidedAt: { lt: this.cutoff(now, this.config.CONSENT_RETENTION_MONTHS) } },
    });
    if (count) this.logger.log(`Erased ${count} consent record(s) older than ${this.config.CONSENT_RETENTION_MONTHS} months`);
    return count;
  }
}

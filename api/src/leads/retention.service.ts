import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ErasureReason } from '../generated/prisma/enums';
import { Metrics } from '../metrics/metrics.service';
import { PrismaService } from '../prisma/prisma.service';

/**
 * Erases leads older than LEAD_RETENTION_MONTHS: at start, then every
 * RETENTION_INTERVAL_MINUTES. Several replicas may run it at once: a lead is
 * deleted once, and each run records only how many it erased.
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

  onApplicationBootstrap(): void {
    const run = () => {
      this.running ??= this.eraseExpired()
        .then((count) => {
          this.metrics.retentionRuns.inc({ result: 'ok' });
          this.metrics.retentionErased.inc(count);
        })
        .catch((error: unknown) => {
          this.metrics.retentionRuns.inc({ result: 'failed' });
          this.logger.error(`Retention run failed: ${error instanceof Error ? error.message : error}`);
        })
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(run, this.config.RETENTION_INTERVAL_MINUTES * 60_000).unref();
    run();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The moment before which a lead is erased: the same day N months back, or that month's last day. */
  cutoff(now = new Date()): Date {
    const cutoff = new Date(now);
    cutoff.setUTCDate(1);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - this.config.LEAD_RETENTION_MONTHS);
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
}

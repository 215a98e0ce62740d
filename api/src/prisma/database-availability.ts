import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Metrics } from '../metrics/metrics.service';
import { PrismaService } from './prisma.service';

/** How often an unreachable database is tried again, to say when it is back. */
const PROBE_INTERVAL_MS = 1000;

/**
 * Turns a database outage into two log lines instead of a stack trace per
 * request: one when the first request fails, one when the database answers
 * again, with how long it was away and how many requests were answered
 * SERVICE_UNAVAILABLE meanwhile (each request's own line carries its code).
 */
@Injectable()
export class DatabaseAvailability implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private outage?: { since: number; failed: number; probe: NodeJS.Timeout; probing: boolean };

  constructor(
    private readonly prisma: PrismaService,
    private readonly metrics: Metrics,
  ) {}

  /** A request could not reach the database. */
  recordFailure(): void {
    this.metrics.databaseUnavailable.inc();
    if (this.outage) {
      this.outage.failed++;
      return;
    }
    this.logger.warn('Database unreachable: requests are answered SERVICE_UNAVAILABLE until it answers again');
    const probe = setInterval(() => void this.probe(), PROBE_INTERVAL_MS).unref();
    this.outage = { since: Date.now(), failed: 1, probe, probing: false };
  }

  private async probe(): Promise<void> {
    const outage = this.outage;
    if (!outage || outage.probing) return;
    outage.probing = true;
    try {
      await this.prisma.$queryRaw`SELECT 1`;
    } catch {
      return;
    } finally {
      outage.probing = false;
    }
    clearInterval(outage.probe);
    this.outage = undefined;
    const seconds = ((Date.now() - outage.since) / 1000).toFixed(1);
    this.logger.log(`Database reachable again after ${seconds} s; ${outage.failed} request(s) were answered SERVICE_UNAVAILABLE meanwhile`);
  }

  onApplicationShutdown(): void {
    if (this.outage) clearInterval(this.outage.probe);
  }
}

import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { PrismaService } from '../prisma/prisma.service';

/** Operation names come from clients: beyond this many distinct ones, the rest count as "other". */
const MAX_OPERATIONS = 50;

/**
 * What an operator watches, in Prometheus' format: GraphQL requests by
 * operation and outcome and their latency, the notification outbox (backlog,
 * age of the oldest undelivered, deliveries and failures by channel),
 * retention runs, the database pool, and the process itself.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly operations = new Set<string>();

  /** A counter of this registry. */
  private counter<Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) {
    return new Counter<Label>({ name, help, labelNames, registers: [this.registry] });
  }

  readonly requests = this.counter(
    'segmentia_graphql_requests_total',
    'GraphQL requests by operation name and outcome (ok, or the first error code)',
    ['operation', 'outcome'],
  );

  readonly latency = new Histogram({
    name: 'segmentia_graphql_request_duration_seconds',
    help: 'Time from receiving a GraphQL request to sending its answer',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly deliveries = this.counter(
    'segmentia_notification_deliveries_total',
    'Notification sends by channel and result (delivered, failed)',
    ['channel', 'result'],
  );

  readonly retentionRuns = this.counter('segmentia_retention_runs_total', 'Runs of the retention job by result (ok, failed)', ['result']);

  readonly retentionErased = this.counter(
    'segmentia_retention_erased_total',
    'Rows erased by the retention job, by kind (lead, spam, consent_record, staff_action, audience_objection, data_access_link)',
    ['kind'],
  );

  readonly databaseUnavailable = this.counter(
    'segmentia_database_unavailable_answers_total',
    'Requests answered SERVICE_UNAVAILABLE because the database could not be reached',
  );

  constructor(prisma: PrismaService) {
    collectDefaultMetrics({ register: this.registry, prefix: 'segmentia_' });
    const { pool } = prisma;
    new Gauge({
      name: 'segmentia_database_pool_connections',
      help: 'Connections of this process to PostgreSQL: in use, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    this.backupGauges(prisma);
    // Both outbox gauges come from one query per scrape; a database that is down leaves them unset.
    const backlog = new Gauge({
      name: 'segmentia_outbox_backlog',
      help: 'Notifications not yet delivered (all channels)',
      registers: [this.registry],
    });
    new Gauge({
      name: 'segmentia_outbox_oldest_undelivered_seconds',
      help: 'Age of the oldest notification not yet delivered (0 when none)',
      registers: [this.registry],
      async collect() {
        try {
          const [row] = await prisma.$queryRaw<{ count: number; age: number }[]>`
            SELECT count(*)::int AS count, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
            FROM lead_notification WHERE delivered_at IS NULL`;
          backlog.set(row!.count);
          this.set(row!.age);
        } catch {
          backlog.reset();
          this.reset();
        }
      },
    });
  }

  /**
   * Backups, from PostgreSQL itself: WAL archiving (pg_stat_archiver, which CloudNativePG's archiving fills too) and
   * the base backups `npm run prod` records (base_backup). Unset when the database does not answer, or when nothing
   * was archived or backed up yet.
   */
  private backupGauges(prisma: PrismaService): void {
    const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [this.registry] });
    const archived = gauge('segmentia_wal_archive_age_seconds', 'Seconds since the last WAL segment was archived');
    const failures = gauge('segmentia_wal_archive_failures', 'WAL archiving attempts that failed since the statistics were reset');
    new Gauge({
      name: 'segmentia_base_backup_age_seconds',
      help: 'Seconds since the last base backup ended',
      registers: [this.registry],
      async collect() {
        try {
          const [row] = await prisma.$queryRaw<{ archived: number | null; failures: number; backup: number | null }[]>`
            SELECT extract(epoch FROM now() - last_archived_time)::float AS archived, failed_count::int AS failures,
              (SELECT extract(epoch FROM now() - max(finished_at))::float FROM base_backup) AS backup
            FROM pg_stat_archiver`;
          for (const [target, value] of [
            [archived, row!.archived],
            [failures, row!.failures],
            [this, row!.backup],
          ] as const) {
            if (value === null) target.reset();
            else target.set(value);
          }
        } catch {
          archived.reset();
          failures.reset();
          this.reset();
        }
      },
    });
  }

  /** Label children, looked up once: a label lookup per request is not free. */
  private readonly counted = new Map<string, { inc(): void }>();
  private readonly timed = new Map<string, { observe(seconds: number): void }>();

  /** A GraphQL request answered: counted by operation and outcome, timed by operation. */
  observe(operation: string, outcome: string, seconds: number): void {
    const key = `${operation} ${outcome}`;
    let counter = this.counted.get(key);
    if (!counter) this.counted.set(key, (counter = this.requests.labels(operation, outcome)));
    counter.inc();
    let histogram = this.timed.get(operation);
    if (!histogram) this.timed.set(operation, (histogram = this.latency.labels(operation)));
    histogram.observe(seconds);
  }

  /** A bounded label for a client-given operation name. */
  operation(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (this.operations.has(name)) return name;
    if (this.operations.size >= MAX_OPERATIONS || !/^\w{1,64}$/.test(name)) return 'other';
    this.operations.add(name);
    return name;
  }
}

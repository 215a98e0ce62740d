import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SITE_OPERATIONS, STAFF_OPERATIONS } from '@segmentia/contracts/operations';
import { PrismaService } from '../prisma/prisma.service';

/** Operation names come from clients: beyond this many distinct ones, the rest count as "other". */
const MAX_OPERATIONS = 50;

/**
 * The site's operations the objectives watch (deploy/monitoring/rules/objectives.rules.yaml): always named, never
 * "other", and counted from zero, with the outcomes the objectives and the 429 alert read. A series that first
 * appears at 1 shows Prometheus no increase: without this, each replica's first failure of each kind would be lost.
 */
const WATCHED_OPERATIONS = ['SubmitContactRequest', 'Audiences', 'SearchAudiences', 'CountryAudiences', 'CountryCount'];
const WATCHED_OUTCOMES = ['ok', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'TOO_MANY_REQUESTS'];

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
    // 0.3: the explorer's latency objective (99 % within 300 ms) reads that bucket.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.3, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly deliveries = this.counter(
    'segmentia_notification_deliveries_total',
    'Notification sends by channel and result (delivered, failed)',
    ['channel', 'result'],
  );

  private readonly notificationDelay = new Histogram({
    name: 'segmentia_notification_delay_seconds',
    help: "Time from a lead's notification being written to its delivery, by channel (retries included)",
    labelNames: ['channel'] as const,
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 14400, 86400],
    registers: [this.registry],
  });

  /** When each channel last delivered and last failed: the alert on failing notifications compares the two. */
  private readonly lastAttempt = new Gauge({
    name: 'segmentia_notification_last_attempt_timestamp_seconds',
    help: 'When a notification send last ended, by channel and result (delivered, failed), in Unix seconds',
    labelNames: ['channel', 'result'] as const,
    registers: [this.registry],
  });

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

  readonly sideEffectRefusals = this.counter(
    'segmentia_side_effect_ceiling_hits_total',
    'Visitors refused TOO_MANY_REQUESTS because the hourly ceiling of an anonymous side effect was reached, by action',
    ['action'],
  );

  /** The confirmations' hourly ceiling, once the ceilings are watched: while the hour is full, they wait by design. */
  private confirmationCeiling = () => Number.MAX_SAFE_INTEGER;

  constructor(prisma: PrismaService) {
    collectDefaultMetrics({ register: this.registry, prefix: 'segmentia_' });
    // The site's and the staff page's operations keep their own series, however many names clients make up first.
    for (const operation of [...SITE_OPERATIONS, ...STAFF_OPERATIONS]) this.operations.add(operation);
    for (const operation of WATCHED_OPERATIONS) {
      this.operations.add(operation);
      for (const outcome of WATCHED_OUTCOMES) this.requests.inc({ operation, outcome }, 0);
      this.latency.zero({ operation });
    }
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
    // Confirmations held by their hourly ceiling are not stuck: the oldest leaves them out while the hour is full.
    this.gaugesFrom(
      () => prisma.$queryRaw<{ backlog: number; oldest: number }[]>`
        SELECT count(*)::int AS backlog,
          coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE channel <> 'CONFIRMATION' OR NOT held)), 0)::float AS oldest
        FROM lead_notification CROSS JOIN (
          SELECT count(*) >= ${this.confirmationCeiling()} AS held FROM lead_notification
          WHERE channel = 'CONFIRMATION' AND delivered_at > now() - interval '1 hour') AS hour
        WHERE delivered_at IS NULL`,
      {
        backlog: ['segmentia_outbox_backlog', 'Notifications not yet delivered (all channels)'],
        oldest: [
          'segmentia_outbox_oldest_undelivered_seconds',
          'Age of the oldest notification not yet delivered, but confirmations held by their hourly ceiling (0 when none)',
        ],
      },
    );
    this.backupGauges(prisma);
    this.suppressionListGauges(prisma);
  }

  /**
   * Gauges one query per scrape fills. A scrape collects every metric at once: each gauge awaits the same answer, so
   * none shows the previous scrape's figure. A figure that is null, or every figure when the database does not
   * answer, leaves its gauge unset.
   */
  private gaugesFrom<Name extends string>(
    query: () => Promise<Record<Name, number | null>[]>,
    gauges: Record<Name, [name: string, help: string]>,
  ): void {
    let answer: Promise<Record<Name, number | null> | undefined> | undefined;
    const shared = () =>
      (answer ??= query().then(
        ([row]) => row,
        () => undefined,
      )).finally(() => (answer = undefined));
    for (const [figure, [name, help]] of Object.entries(gauges) as [Name, [string, string]][]) {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const value = (await shared())?.[figure];
          if (value === null || value === undefined) this.reset();
          else this.set(value);
        },
      });
    }
  }

  /**
   * Backups, from PostgreSQL itself: WAL archiving (pg_stat_archiver, which CloudNativePG's archiving fills too) and
   * the base backups `npm run prod` records (base_backup). Unset when nothing was archived or backed up yet. The WAL
   * written past the last archived segment tells an idle database (a few bytes of PostgreSQL's own, never archived,
   * since archive_timeout switches segments only after a real write) from one whose archiving stalls; it is unset on
   * a standby and after a timeline's history file.
   */
  private backupGauges(prisma: PrismaService): void {
    this.gaugesFrom(
      () => prisma.$queryRaw<Record<'archived' | 'failures' | 'unarchived' | 'timeout' | 'backup', number | null>[]>`
        SELECT extract(epoch FROM now() - last_archived_time)::float AS archived, failed_count::float AS failures,
          CASE WHEN last_archived_wal ~ '^[0-9A-F]{24}$' AND NOT pg_is_in_recovery() THEN greatest(0,
            pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')
            - ('x' || substr(last_archived_wal, 9, 8))::bit(32)::bigint * 4294967296
            - (('x' || substr(last_archived_wal, 17, 8))::bit(32)::bigint + 1) * pg_size_bytes(current_setting('wal_segment_size'))
          )::float END AS unarchived,
          (SELECT setting::float FROM pg_settings WHERE name = 'archive_timeout') AS timeout,
          (SELECT extract(epoch FROM now() - max(finished_at))::float FROM base_backup) AS backup
        FROM pg_stat_archiver`,
      {
        archived: ['segmentia_wal_archive_age_seconds', 'Seconds since the last WAL segment was archived'],
        failures: ['segmentia_wal_archive_failures', 'WAL archiving attempts that failed since the statistics were reset'],
        unarchived: ['segmentia_wal_unarchived_bytes', 'WAL written after the end of the last archived segment, in bytes'],
        timeout: ['segmentia_wal_archive_timeout_seconds', "PostgreSQL's archive_timeout (0: segments are archived when full)"],
        backup: ['segmentia_base_backup_age_seconds', 'Seconds since the last base backup ended'],
      },
    );
  }

  /**
   * The hourly ceilings of anonymous side effects (api/src/side-effects): each one's ceiling, and how much of it the
   * last hour used, all replicas together (PostgreSQL's count at each scrape; unset when the database does not answer).
   */
  watchSideEffects(ceilings: () => Record<string, number>, usedLastHour: () => Promise<Record<string, number>>): void {
    this.confirmationCeiling = () => ceilings().confirmation ?? Number.MAX_SAFE_INTEGER;
    new Gauge({
      name: 'segmentia_side_effect_ceiling_per_hour',
      help: 'The hourly ceiling of each anonymous side effect, all clients and replicas together, by action',
      labelNames: ['action'] as const,
      registers: [this.registry],
      collect() {
        for (const [action, ceiling] of Object.entries(ceilings())) this.set({ action }, ceiling);
      },
    });
    new Gauge({
      name: 'segmentia_side_effects_last_hour',
      help: 'Anonymous side effects in the last hour, all replicas together, by action (data_link: requests; confirmation: emails sent)',
      labelNames: ['action'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const used = await usedLastHour().catch(() => ({}));
        for (const [action, count] of Object.entries(used)) this.set({ action }, count);
      },
    });
    // Confirmations wait, never refused: the refusals count the visitors' own actions.
    for (const action of Object.keys(ceilings()).filter((name) => name !== 'confirmation')) this.sideEffectRefusals.inc({ action }, 0);
  }

  /**
   * Whether the audiences' pipeline reads the suppression list (the 48-hour promise of an opt-out rests on it), from the
   * table of its reads, so every replica gives the same figures: the last read, unset when never; and since when a key
   * that may read it exists (the oldest such key not revoked), unset when none does.
   */
  private suppressionListGauges(prisma: PrismaService): void {
    this.gaugesFrom(
      () => prisma.$queryRaw<Record<'lastRead' | 'readerSince', number | null>[]>`
        SELECT (SELECT extract(epoch FROM max(read_at))::float FROM suppression_list_read) AS "lastRead",
          (SELECT extract(epoch FROM min(created_at))::float FROM machine_key
            WHERE revoked_at IS NULL AND 'READ_SUPPRESSIONS' = ANY(scopes)) AS "readerSince"`,
      {
        lastRead: [
          'segmentia_suppression_list_last_read_timestamp_seconds',
          'When a machine key last read the suppression list, in Unix seconds',
        ],
        readerSince: [
          'segmentia_suppression_list_reader_since_timestamp_seconds',
          'When the oldest machine key that may read the suppression list (not revoked) was made, in Unix seconds',
        ],
      },
    );
  }

  /** Before the first send: each channel's counters and delay at zero, so that its first failure is a rise. */
  expectDeliveries(channels: readonly string[]): void {
    for (const channel of channels) {
      for (const result of ['delivered', 'failed']) this.deliveries.inc({ channel, result }, 0);
      this.notificationDelay.zero({ channel });
    }
  }

  /** A notification delivered: counted, timed from its row's creation, and noted as the channel's last success. */
  delivered(channel: string, createdAt: Date): void {
    const now = Date.now();
    this.deliveries.inc({ channel, result: 'delivered' });
    this.notificationDelay.observe({ channel }, Math.max(0, now - createdAt.getTime()) / 1000);
    this.lastAttempt.set({ channel, result: 'delivered' }, now / 1000);
  }

  /** A send that failed (it is tried again later). */
  failedDelivery(channel: string): void {
    this.deliveries.inc({ channel, result: 'failed' });
    this.lastAttempt.set({ channel, result: 'failed' }, Date.now() / 1000);
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

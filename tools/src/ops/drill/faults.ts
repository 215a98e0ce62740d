/** The drills of faults under load: a crashed replica, a webhook down, a rolling restart, PostgreSQL down. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { type Answer, Client, load, percentile, tally } from './client';
import type { Topology } from '../production/topology';
import { readyStatus } from './limits';
import { CONCURRENCY, LEADS, LOAD_ENV, PORTS, report, sleep, waitUntil, type Webhook } from './setup';
import { alertDeadlineSeconds, alertVerdict, awaitFiring, awaitResolved } from './alerts';

/** What an operator is told of each fault (deploy/monitoring/rules). */
const REPLICA_DOWN = 'SegmentiaApiReplicaDown';
const NOTIFICATIONS_FAILING = 'SegmentiaNotificationsFailing';
export const DATABASE_DOWN = ['SegmentiaDependencyDown', { dependency: 'postgres' }] as const;

/**
 * 10,000 leads at concurrency 100, one replica SIGKILLed in the middle, and started again once the operator's alert
 * fired; the client retries with the same requestId (for about 9 s), nginx sends the rest to the other replica.
 */
export async function crashUnderLoad(topology: Topology, client: Client, database: PgClient): Promise<void> {
  let killed = false;
  let restart: Promise<void> | undefined;
  const replica = { instance: `127.0.0.1:${PORTS.metrics[0]}` };
  const alert: { faultAt: number; pendingAt?: number; clearedAt?: number; resolvedAt?: number } = { faultAt: 0 };
  const result = await load(client, {
    count: LEADS,
    concurrency: CONCURRENCY,
    maxSeconds: 300,
    submitShare: 1,
    // Up to 100+200+400+800+1600+2000×3 ms: about 9 s of retries.
    retries: 8,
    onAnswer: (answered) => {
      if (!killed && answered >= LEADS * 0.4) {
        killed = true;
        restart = topology.stopReplica(0, 'SIGKILL').then(async () => {
          alert.faultAt = Date.now();
          alert.pendingAt = await awaitFiring(topology.monitoring, REPLICA_DOWN, replica, alert.faultAt);
          await topology.startReplica(0, LOAD_ENV);
          alert.clearedAt = Date.now();
          alert.resolvedAt = await awaitResolved(topology.monitoring, REPLICA_DOWN, replica);
        });
        restart.catch(() => undefined); // awaited below
      }
    },
  });
  await restart;
  const receipts = new Set(
    result.answers.map((answer) => (answer.data?.submitContactRequest as { id?: string } | undefined)?.id).filter(Boolean),
  );
  const requestIds = result.answers.map((answer) => answer.requestId!);
  const { rows } = await database.query<{ rows: number; distinct_ids: number }>(
    'SELECT count(*)::int AS rows, count(DISTINCT id)::int AS distinct_ids FROM contact_request WHERE request_id = ANY($1::uuid[])',
    [requestIds],
  );
  const stored = rows[0]!;
  const failedFirst = result.answers.filter((answer) => answer.firstCode !== 'OK');
  const failedFinally = result.answers.filter((answer) => answer.code !== 'OK');
  const latencies = result.answers.map((answer) => answer.ms);
  const told = alertVerdict(topology.monitoring, REPLICA_DOWN, replica, alert);
  const ok = result.answers.length === LEADS && stored.rows === LEADS && receipts.size === LEADS && failedFinally.length === 0 && told.ok;
  report(
    'crash under load',
    ok,
    `${result.answers.length} leads in ${result.seconds.toFixed(1)} s (${Math.round(result.answers.length / result.seconds)}/s), ` +
      `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
      `rows ${stored.rows}, distinct receipts ${receipts.size}, duplicates ` +
      `${stored.rows - stored.distinct_ids}, lost ${LEADS - stored.rows}; ` +
      `seen by a client without retries: ${failedFirst.length} (${tally(failedFirst.map((answer) => answer.firstCode))}); ` +
      `retried ${result.answers.filter((answer) => answer.attempts > 1).length}; ` +
      `failed after retries: ${failedFinally.length} (${tally(failedFinally.map((answer) => answer.code))}); ${told.figures}`,
  );
}

/**
 * The webhook was down since the first lead (the crash drill's among them): sales' alert fired within its `for` of
 * the first send the load's replicas saw refused; once it is up, the alert resolves and every lead is delivered, once.
 */
export async function webhookRecovers(topology: Topology, webhook: Webhook, database: PgClient): Promise<void> {
  const channel = { channel: 'WEBHOOK' };
  const faultAt = webhook.state.firstRefusedAt ?? Date.now();
  const pendingAt = await awaitFiring(topology.monitoring, NOTIFICATIONS_FAILING, channel, faultAt);
  const refused = webhook.state.refused;
  webhook.state.down = false;
  const upAt = Date.now();
  const resolvedAt = awaitResolved(topology.monitoring, NOTIFICATIONS_FAILING, channel);
  const expected = async () =>
    (await database.query<{ count: number }>("SELECT count(*)::int AS count FROM lead_notification WHERE channel = 'WEBHOOK'")).rows[0]!
      .count;
  const total = await expected();
  const took = await waitUntil(() => webhook.deliveries.size >= total, 120_000);
  await waitUntil(
    async () => (await database.query('SELECT 1 FROM lead_notification WHERE delivered_at IS NULL LIMIT 1')).rowCount === 0,
    10_000,
  );
  const twice = [...webhook.deliveries.values()].filter((count) => count > 1).length;
  const { rows } = await database.query<{ undelivered: number }>(
    'SELECT count(*) FILTER (WHERE delivered_at IS NULL)::int AS undelivered FROM lead_notification',
  );
  const told = alertVerdict(topology.monitoring, NOTIFICATIONS_FAILING, channel, {
    faultAt,
    pendingAt,
    clearedAt: upAt,
    resolvedAt: await resolvedAt,
  });
  const ok = took !== undefined && webhook.deliveries.size === total && twice === 0 && rows[0]!.undelivered === 0 && told.ok;
  report(
    'webhook down, then up',
    ok,
    `${refused} sends refused while down; up: ${webhook.deliveries.size} of ${total} notifications delivered in ` +
      `${((took ?? Date.now() - upAt) / 1000).toFixed(1)} s, ${twice} delivered twice, ${rows[0]!.undelivered} left; ${told.figures}`,
  );
}

/** Each replica in turn gets SIGTERM under load and is started again: no request fails, without client retries. */
export async function rollingRestart(topology: Topology, client: Client, webhook: Webhook, database: PgClient): Promise<void> {
  let restarted = false;
  const restarts: number[] = [];
  const rolling = (async () => {
    await sleep(2000);
    for (const index of PORTS.api.keys()) {
      const stopAt = Date.now();
      await topology.stopReplica(index, 'SIGTERM');
      restarts.push(Date.now() - stopAt);
      await topology.startReplica(index, LOAD_ENV);
      // As an operator would: the next one only once nginx uses this one again (fail_timeout, 2 s).
      await sleep(3000);
    }
    restarted = true;
  })();
  rolling.catch(() => undefined); // awaited below
  const result = await load(client, {
    count: 20_000,
    concurrency: 20,
    maxSeconds: 120,
    submitShare: 0.5,
    retries: 0,
    until: () => restarted,
  });
  await rolling;
  const failed = result.answers.filter((answer) => answer.code !== 'OK');
  const latencies = result.answers.map((answer) => answer.ms);
  // The stopped replicas recorded the sends they had in hand: every notification delivered, none twice.
  const notifications = async () =>
    (await database.query<{ count: number }>("SELECT count(*)::int AS count FROM lead_notification WHERE channel = 'WEBHOOK'")).rows[0]!
      .count;
  const total = await notifications();
  await waitUntil(() => webhook.deliveries.size >= total, 60_000);
  const twice = [...webhook.deliveries.values()].filter((count) => count > 1).length;
  report(
    'rolling restart',
    failed.length === 0 && restarted && webhook.deliveries.size === total && twice === 0,
    `${result.answers.length} requests (half contact requests) in ${result.seconds.toFixed(1)} s, ` +
      `both replicas restarted (SIGTERM to exit ${restarts.map((ms) => `${ms} ms`).join(', ')}), p99 ` +
      `${percentile(latencies, 99).toFixed(0)} ms; failed without retries: ${failed.length} ` +
      `(${tally(failed.map((answer) => answer.code))}); notifications ${webhook.deliveries.size} of ${total} delivered, ${twice} twice`,
  );
}

/**
 * PostgreSQL stopped under load until the operator's alert fires, then started: SERVICE_UNAVAILABLE within the
 * timeout meanwhile, full service within 5 s after, the alert resolved, nothing lost.
 */
export async function databaseOutage(topology: Topology, client: Client, database: PgClient): Promise<void> {
  const logLinesBefore = PORTS.api.map((_, index) => apiLog(topology, index).length);
  const marks: { down?: number; up?: number; readyDuring?: number[] } = {};
  const alert: { faultAt: number; pendingAt?: number; clearedAt?: number; resolvedAt?: number } = { faultAt: 0 };
  // The drill's own connection goes with the server (the drills after this one do not use it).
  const outage = (async () => {
    await sleep(3000);
    await database.end();
    marks.down = performance.now();
    alert.faultAt = Date.now();
    await topology.stopDatabase();
    await sleep(10_000);
    marks.readyDuring = await Promise.all(PORTS.api.map(readyStatus));
    alert.pendingAt = await awaitFiring(topology.monitoring, ...DATABASE_DOWN, alert.faultAt);
    await topology.startDatabase();
    marks.up = performance.now();
    alert.clearedAt = Date.now();
    alert.resolvedAt = await awaitResolved(topology.monitoring, ...DATABASE_DOWN);
  })();
  outage.catch(() => undefined); // awaited below
  const loadStarted = performance.now();
  const result = await load(client, {
    count: 50_000,
    concurrency: 20,
    maxSeconds: alertDeadlineSeconds(topology.monitoring, DATABASE_DOWN[0]) + 30,
    submitShare: 0.3,
    retries: 0,
    // Ten seconds of full service after PostgreSQL is back.
    until: () => marks.up !== undefined && performance.now() - marks.up > 10_000,
  });
  await outage;
  const at = (answer: Answer & { at: number }) => loadStarted + answer.at;
  const down = marks.down!;
  const up = marks.up!;
  const outageAnswers = result.answers.filter((answer) => at(answer) - answer.ms > down && at(answer) < up);
  const unexpected = result.answers.filter((answer) => !['OK', 'SERVICE_UNAVAILABLE'].includes(answer.code));
  const slow = outageAnswers.filter((answer) => answer.ms > 2000 + 1000);
  const unavailable = result.answers.filter((answer) => answer.code === 'SERVICE_UNAVAILABLE');
  const lastFailure = Math.max(...unavailable.map(at), up);
  const recovery = (lastFailure - up) / 1000;
  // Receipts given before, during and after the outage: every one is a row.
  const receipts = result.answers.filter((answer) => answer.kind === 'submit' && answer.code === 'OK').map((answer) => answer.requestId!);
  const check = new PgClient({ connectionString: topology.databaseUrl });
  await check.connect();
  const { rows } = await check.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM contact_request WHERE request_id = ANY($1::uuid[])',
    [receipts],
  );
  await check.end();
  const logs = PORTS.api.flatMap((_, index) => apiLog(topology, index).slice(logLinesBefore[index]));
  const unavailableLines = logs.filter((line) => line.includes('"outcome":"SERVICE_UNAVAILABLE"')).length;
  const stackLines = logs.filter((line) => /"stack"|\\n\s+at /.test(line)).length;
  const summaries = logs.filter((line) => line.includes('Database reachable again')).length;
  const told = alertVerdict(topology.monitoring, ...DATABASE_DOWN, alert);
  const ok =
    told.ok &&
    unexpected.length === 0 &&
    slow.length === 0 &&
    outageAnswers.length > 0 &&
    marks.readyDuring!.every((status) => status === 503) &&
    recovery <= 5 &&
    rows[0]!.count === receipts.length &&
    unavailableLines === unavailable.length &&
    stackLines === 0 &&
    summaries >= PORTS.api.length;
  report(
    'database outage',
    ok,
    `${((up - down) / 1000).toFixed(0)} s down: ${outageAnswers.length} answers meanwhile ` +
      `(${tally(outageAnswers.map((answer) => answer.code))}), slowest ` +
      `${Math.round(Math.max(0, ...outageAnswers.map((answer) => answer.ms)))} ms, other ` +
      `errors ${unexpected.length} (${tally(unexpected.map((answer) => answer.code))}); ` +
      `/ready ${marks.readyDuring!.join('/')}; full service ${recovery.toFixed(1)} s ` +
      `after PostgreSQL was back; receipts ${receipts.length} = rows ${rows[0]!.count}; ` +
      `logs: ${unavailableLines} request lines for ${unavailable.length} SERVICE_UNAVAILABLE ` +
      `answers, ${stackLines} stack traces, ${summaries} outage summaries; ${told.figures}`,
  );
}

export function apiLog(topology: Topology, index: number): string[] {
  return readFileSync(path.join(topology.logDir, `api-${index + 1}.log`), 'utf8')
    .split('\n')
    .filter(Boolean);
}

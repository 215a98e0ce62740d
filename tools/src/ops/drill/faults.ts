/** The drills of faults under load, by the engine's own verbs: a replica killed, a webhook down, a rolling restart, PostgreSQL frozen. */
import type { CheckStack } from '../stack/check-stack';
import { REPLICAS } from '../stack/compose';
import { type Answer, type Client, load, percentile, tally } from './client';
import { readyStatus } from './limits';
import {
  API_ENV,
  CONCURRENCY,
  type Edge,
  LEADS,
  sleep,
  storedLeads,
  type Verdict,
  waitUntil,
  type Webhook,
  webhookNotifications,
  query,
} from './setup';
import { alertDeadlineSeconds, type AlertTimes, alertVerdict, awaitFiring, awaitResolved } from './alerts';

/** What an operator is told of each fault (deploy/monitoring/rules). */
const REPLICA_DOWN = 'SegmentiaApiReplicaDown';
const NOTIFICATIONS_FAILING = 'SegmentiaNotificationsFailing';
export const DATABASE_DOWN = ['SegmentiaDependencyDown', { dependency: 'postgres' }] as const;
/**
 * The slowest answer while the database is away: the API bounds the wait for a pooled connection and then the query,
 * each by DATABASE_TIMEOUT_MS, and under load a request waits for both (a silent server does not refuse), plus 1 s.
 */
const SLOWEST_MS = 2 * Number(API_ENV.DATABASE_TIMEOUT_MS) + 1000;

/**
 * DRILL_LEADS leads at concurrency 100, api-1 SIGKILLed in the middle, and started again once the operator's alert
 * fired; the client retries with the same requestId (for about 9 s), nginx sends the rest to the other replica.
 */
export async function crashUnderLoad(check: CheckStack, client: Client): Promise<Verdict> {
  const { stack, prometheus } = check;
  let killed = false;
  let restart: Promise<void> | undefined;
  const replica = { instance: `${REPLICAS[0]}:9464` };
  const alert: AlertTimes = { faultAt: 0 };
  const result = await load(client, {
    count: LEADS,
    concurrency: CONCURRENCY,
    maxSeconds: 300,
    submitShare: 1,
    // Up to 100+200+400+800+1600+2000×3 ms: about 9 s of retries.
    retries: 8,
    onAnswer: (answered) => {
      if (killed || answered < LEADS * 0.4) return;
      killed = true;
      alert.faultAt = Date.now();
      restart = stack.kill(REPLICAS[0]).then(async () => {
        alert.pendingAt = await awaitFiring(prometheus, REPLICA_DOWN, replica, alert.faultAt);
        await stack.up([REPLICAS[0]], { wait: false });
        alert.clearedAt = Date.now();
        alert.resolvedAt = await awaitResolved(prometheus, REPLICA_DOWN, replica);
      });
      restart.catch(() => undefined); // awaited below
    },
  });
  await restart;
  const receipts = new Set(
    result.answers.map((answer) => (answer.data?.submitContactRequest as { id?: string } | undefined)?.id).filter(Boolean),
  );
  const stored = await storedLeads(
    check,
    result.answers.map((answer) => answer.requestId!),
  );
  const failedFirst = result.answers.filter((answer) => answer.firstCode !== 'OK');
  const failedFinally = result.answers.filter((answer) => answer.code !== 'OK');
  const latencies = result.answers.map((answer) => answer.ms);
  const told = alertVerdict(prometheus, REPLICA_DOWN, replica, alert);
  const ok = result.answers.length === LEADS && stored.rows === LEADS && receipts.size === LEADS && failedFinally.length === 0 && told.ok;
  return {
    ok,
    figures:
      `${result.answers.length} leads in ${result.seconds.toFixed(1)} s (${Math.round(result.answers.length / result.seconds)}/s), ` +
      `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
      `rows ${stored.rows}, distinct receipts ${receipts.size}, duplicates ${stored.rows - stored.requests}, ` +
      `lost ${LEADS - stored.requests}; ` +
      `seen by a client without retries: ${failedFirst.length} (${tally(failedFirst.map((answer) => answer.firstCode))}); ` +
      `retried ${result.answers.filter((answer) => answer.attempts > 1).length}; ` +
      `failed after retries: ${failedFinally.length} (${tally(failedFinally.map((answer) => answer.code))}); ${told.figures}`,
  };
}

/**
 * The webhook was down since the load drills began (the crash drill's leads): sales' alert fired within its `for` of
 * the first send the load's replicas saw refused; once it is up, the alert resolves and every lead is delivered, once.
 */
export async function webhookRecovers(check: CheckStack, webhook: Webhook): Promise<Verdict> {
  const { prometheus } = check;
  const channel = { channel: 'WEBHOOK' };
  const faultAt = webhook.state.firstRefusedAt ?? Date.now();
  const pendingAt = await awaitFiring(prometheus, NOTIFICATIONS_FAILING, channel, faultAt);
  const refused = webhook.state.refused;
  webhook.state.down = false;
  const upAt = Date.now();
  const resolvedAt = awaitResolved(prometheus, NOTIFICATIONS_FAILING, channel);
  const total = await webhookNotifications(check);
  const took = await waitUntil(() => webhook.deliveries.size >= total, 120_000);
  const left = async () =>
    (await query<{ count: number }>(check, 'SELECT count(*)::int AS count FROM lead_notification WHERE delivered_at IS NULL'))[0]!.count;
  await waitUntil(async () => (await left()) === 0, 10_000);
  const undelivered = await left();
  const twice = [...webhook.deliveries.values()].filter((count) => count > 1).length;
  const told = alertVerdict(prometheus, NOTIFICATIONS_FAILING, channel, {
    faultAt,
    pendingAt,
    clearedAt: upAt,
    resolvedAt: await resolvedAt,
  });
  return {
    ok: took !== undefined && webhook.deliveries.size === total && twice === 0 && undelivered === 0 && told.ok,
    figures:
      `${refused} sends refused while down; up: ${webhook.deliveries.size} of ${total} notifications delivered in ` +
      `${((took ?? Date.now() - upAt) / 1000).toFixed(1)} s, ${twice} delivered twice, ${undelivered} left; ${told.figures}`,
  };
}

/** Each replica in turn stopped under load (SIGTERM) and started again: no request fails, without client retries. */
export async function rollingRestart(check: CheckStack, edge: Edge, client: Client, webhook: Webhook): Promise<Verdict> {
  let restarted = false;
  const restarts: number[] = [];
  const rolling = (async () => {
    await sleep(2000);
    for (const [index, replica] of REPLICAS.entries()) {
      const stopAt = Date.now();
      await check.stack.stop([replica]);
      restarts.push(Date.now() - stopAt);
      await check.stack.up([replica], { wait: false });
      // As an operator would: the next one only once this one is ready and nginx uses it again (fail_timeout, 2 s).
      await waitUntil(async () => (await readyStatus(edge.replica(index))) === 200, 60_000);
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
  const total = await webhookNotifications(check);
  await waitUntil(() => webhook.deliveries.size >= total, 60_000);
  const twice = [...webhook.deliveries.values()].filter((count) => count > 1).length;
  return {
    ok: failed.length === 0 && restarted && webhook.deliveries.size === total && twice === 0,
    figures:
      `${result.answers.length} requests (half contact requests) in ${result.seconds.toFixed(1)} s, ` +
      `both replicas restarted (docker-compose stop: SIGTERM to exit ${restarts.map((ms) => `${ms} ms`).join(', ')}), p99 ` +
      `${percentile(latencies, 99).toFixed(0)} ms; failed without retries: ${failed.length} ` +
      `(${tally(failed.map((answer) => answer.code))}); notifications ${webhook.deliveries.size} of ${total} delivered, ${twice} twice`,
  };
}

/** The replicas' log lines since they started (their containers' standard output and error). */
const replicaLogs = async (check: CheckStack) =>
  Promise.all(REPLICAS.map(async (replica) => (await check.stack.logs([replica])).split('\n').filter(Boolean)));

/**
 * PostgreSQL frozen under load (docker pause) until the operator's alert fires, then thawed: SERVICE_UNAVAILABLE within
 * the API's timeouts meanwhile, full service within 5 s after, the alert resolved, nothing lost. Frozen, not stopped: a
 * stopped container's name leaves the data network, where Docker's resolver then answers a lookup of it only after its
 * own timeouts; the API's connection timeout bounds the wait, but the lookups hold Node.js's thread pool meanwhile.
 */
export async function databaseOutage(check: CheckStack, edge: Edge, client: Client): Promise<Verdict> {
  const { stack, prometheus } = check;
  const logLinesBefore = (await replicaLogs(check)).map((lines) => lines.length);
  const marks: { down?: number; up?: number; readyDuring?: number[] } = {};
  const alert: AlertTimes = { faultAt: 0 };
  const outage = (async () => {
    await sleep(3000);
    marks.down = performance.now();
    alert.faultAt = Date.now();
    await stack.pause('postgres');
    await sleep(10_000);
    marks.readyDuring = await Promise.all(REPLICAS.map((_, index) => readyStatus(edge.replica(index))));
    alert.pendingAt = await awaitFiring(prometheus, ...DATABASE_DOWN, alert.faultAt);
    await stack.unpause('postgres');
    marks.up = performance.now();
    alert.clearedAt = Date.now();
    alert.resolvedAt = await awaitResolved(prometheus, ...DATABASE_DOWN);
  })();
  outage.catch(() => undefined); // awaited below
  const loadStarted = performance.now();
  const result = await load(client, {
    count: 50_000,
    concurrency: 20,
    maxSeconds: alertDeadlineSeconds(prometheus, DATABASE_DOWN[0]) + 45,
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
  const slow = outageAnswers.filter((answer) => answer.ms > SLOWEST_MS);
  const unavailable = result.answers.filter((answer) => answer.code === 'SERVICE_UNAVAILABLE');
  const lastFailure = Math.max(...unavailable.map(at), up);
  const recovery = (lastFailure - up) / 1000;
  // Receipts given before, during and after the outage: every one is a row.
  const receipts = result.answers.filter((answer) => answer.kind === 'submit' && answer.code === 'OK').map((answer) => answer.requestId!);
  const stored = await storedLeads(check, receipts);
  const logs = (await replicaLogs(check)).flatMap((lines, index) => lines.slice(logLinesBefore[index]));
  const unavailableLines = logs.filter((line) => line.includes('"outcome":"SERVICE_UNAVAILABLE"')).length;
  const stackLines = logs.filter((line) => /"stack"|\\n\s+at /.test(line)).length;
  const summaries = logs.filter((line) => line.includes('Database reachable again')).length;
  const told = alertVerdict(prometheus, ...DATABASE_DOWN, alert);
  const ok =
    told.ok &&
    unexpected.length === 0 &&
    slow.length === 0 &&
    outageAnswers.length > 0 &&
    marks.readyDuring!.every((status) => status === 503) &&
    recovery <= 5 &&
    stored.rows === receipts.length &&
    unavailableLines === unavailable.length &&
    stackLines === 0 &&
    summaries >= REPLICAS.length;
  return {
    ok,
    figures:
      `${((up - down) / 1000).toFixed(0)} s frozen: ${outageAnswers.length} answers meanwhile ` +
      `(${tally(outageAnswers.map((answer) => answer.code))}), slowest ` +
      `${Math.round(Math.max(0, ...outageAnswers.map((answer) => answer.ms)))} ms (at most ${SLOWEST_MS}), other ` +
      `errors ${unexpected.length} (${tally(unexpected.map((answer) => answer.code))}); ` +
      `/ready ${marks.readyDuring!.join('/')}; full service ${recovery.toFixed(1)} s ` +
      `after PostgreSQL was back; receipts ${receipts.length} = rows ${stored.rows}; ` +
      `logs: ${unavailableLines} request lines for ${unavailable.length} SERVICE_UNAVAILABLE ` +
      `answers, ${stackLines} stack traces, ${summaries} outage summaries; ${told.figures}`,
  };
}

/**
 * `npm run drill`: the production topology (as `npm run prod` starts it, on
 * ports and a folder of its own) put through what production will do to it,
 * one line per drill with its figures; exits 1 when any drill fails. Every
 * loop is bounded in count and time, and all traffic stays on this machine.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { ConfigError } from '@segmentia/api/src/common/config/app-config';
import { until } from '@segmentia/testing';
import { type Answer, Client, drillInput, load, percentile, proof, submit, tally } from './drill/client';
import { scratchTopology, type Topology } from './production/topology';

const LEADS = Number(process.env.DRILL_LEADS ?? 10_000);
const CONCURRENCY = 100;
const OUTAGE_SECONDS = 20;
const PORTS = { http: 18080, https: 18443, api: [14101, 14102], metrics: [19101, 19102], postgres: 54359, redis: 16390 };
/** The replicas' settings for the drills: the outbox retries and frees a dead replica's rows quickly. */
const API_ENV = {
  NOTIFY_POLL_INTERVAL_MS: '500',
  NOTIFY_RETRY_BASE_MS: '5000',
  NOTIFY_RETRY_MAX_MS: '30000',
  NOTIFY_LEASE_SECONDS: '60',
  DATABASE_TIMEOUT_MS: '2000',
  CONTACT_RATE_LIMIT_PER_MINUTE: '5',
  LOG_LEVEL: 'info',
  // The drill is about crashes, not bots: the quickest proof of work, and no time trap.
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '1',
  CONTACT_MIN_FILL_SECONDS: '0',
};
/** The load comes from one address: the load drills lift the per-IP limit (the limits drill runs first, with the real one). */
const LOAD_ENV = { CONTACT_RATE_LIMIT_PER_MINUTE: '1000000' };

interface Result {
  name: string;
  ok: boolean;
  figures: string;
}
const results: Result[] = [];
function report(name: string, ok: boolean, figures: string): void {
  results.push({ name, ok, figures });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(26)} ${figures}`);
}

/** The scenarios' pacing: how long a fault lasts, how long load runs before one (their definition, not a wait for a condition). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long `check` took to hold, or undefined when it did not within `ms`. */
async function waitUntil(check: () => Promise<boolean> | boolean, ms: number): Promise<number | undefined> {
  const started = Date.now();
  return until('the drill’s condition holds', check, { timeoutMs: ms, intervalMs: 100 }).then(
    () => Date.now() - started,
    () => undefined,
  );
}

/** A Slack-like webhook that can be down (503) and counts deliveries by notification id. */
async function startWebhook() {
  const deliveries = new Map<string, number>();
  const state = { down: true, refused: 0 };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (state.down) {
        state.refused++;
        response.writeHead(503).end();
        return;
      }
      const id = String(request.headers['x-segmentia-notification']);
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    deliveries,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sales`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function main(): Promise<void> {
  const webhook = await startWebhook();
  const { topology, discard } = scratchTopology('the drill', PORTS, { ...API_ENV, NOTIFY_WEBHOOK_URL: webhook.url });
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.log('\nSIGINT: stopping the drill after the current step.');
  });

  console.log(`Drill topology: logs in ${topology.logDir}`);
  await topology.start((line) => console.log(`  ${line}`));
  const started = Date.now();
  const ca = readFileSync(topology.certificates.ca, 'utf8');
  const graphqlUrl = `${topology.siteUrl}/graphql`;
  const client = new Client(graphqlUrl, ca, CONCURRENCY);
  const database = new PgClient({ connectionString: topology.databaseUrl });
  database.on('error', () => undefined);
  const person = {
    contactName: 'Zacarías Quintanilla Drill',
    email: 'zacarias.quintanilla@drill-trace.example',
    phone: '+34 611 98 76 54',
  };
  const bearer = `drill-token-${randomUUID()}`;
  try {
    await database.connect();
    const step = async (name: string, drill: () => Promise<void>) => {
      if (interrupted) return;
      try {
        await drill();
      } catch (error) {
        report(name, false, `stopped: ${error instanceof Error ? error.message : error}`);
      }
    };

    await step('shared limits via nginx', () => sharedLimits(topology, ca));
    await step('Redis outage', () => redisOutage(topology, ca));
    await step('personal data in logs', async () => {
      // A lead a person could be recognised by, and a staff token: neither may reach a log.
      const sender = new Client(graphqlUrl, ca, 1, '127.0.0.9');
      const answer = await sender.graphql('mutation Submit($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }', {
        input: { ...drillInput(randomUUID(), person), altcha: await proof(sender) },
      });
      await sender.graphql('{ leads { totalCount } }', undefined, { authorization: `Bearer ${bearer}` });
      sender.close();
      if (answer.code !== 'OK') throw new Error(`the lead was refused: ${answer.code}`);
    });

    // The load drills: the real per-IP limit would refuse one address's thousands of requests.
    for (const index of PORTS.api.keys()) {
      await topology.stopReplica(index);
      await topology.startReplica(index, LOAD_ENV);
    }
    await step('crash under load', () => crashUnderLoad(topology, client, database));
    await step('webhook down, then up', () => webhookRecovers(webhook, database));
    await step('rolling restart', () => rollingRestart(topology, client, webhook, database));
    await step('database outage', () => databaseOutage(topology, client, database));
    await step('personal data in logs', async () => {
      const logs = readdirSync(topology.logDir)
        .map((file) => readFileSync(path.join(topology.logDir, file), 'utf8'))
        .join('\n');
      const found = [...Object.values(person), '+34611987654', '611 98 76 54', bearer].filter((text) => logs.includes(text));
      const lines = logs.split('\n').length;
      report(
        'personal data in logs',
        found.length === 0,
        `${lines} log lines of the API, nginx and Redis searched for a lead's name, email and ` +
          `phone and a staff token: ${found.length ? `found ${found.join(', ')}` : 'none found'}`,
      );
    });
  } finally {
    client.close();
    await database.end().catch(() => undefined);
    await topology.stop();
    await webhook.close();
    discard();
  }
  const failed = results.filter((result) => !result.ok);
  console.log(
    `\n${results.length - failed.length} of ${results.length} drills passed in ` +
      `${Math.round((Date.now() - started) / 1000)} s; logs in ${topology.logDir}`,
  );
  process.exit(failed.length || interrupted ? 1 : 0);
}

/**
 * The 6th contact request of an address within a minute is refused, whichever replica answers; a forged X-Forwarded-For changes nothing.
 */
async function sharedLimits(topology: Topology, ca: string): Promise<void> {
  const client = new Client(`${topology.siteUrl}/graphql`, ca, 1, '127.0.0.2');
  const codes: string[] = [];
  for (let i = 0; i < 7; i++) codes.push((await submit(client, randomUUID(), { 'x-forwarded-for': `203.0.113.${i + 1}` })).code);
  client.close();
  const upstreams = new Set(
    accessLog(topology)
      .filter((line) => line.client === '127.0.0.0' && line.path === '/graphql')
      .slice(-7)
      .map((line) => line.upstream),
  );
  const ok =
    codes.slice(0, 5).every((code) => code === 'OK') &&
    codes.slice(5).every((code) => code === 'TOO_MANY_REQUESTS') &&
    upstreams.size === 2;
  report(
    'shared limits via nginx',
    ok,
    `7 requests from one address, each with another forged X-Forwarded-For, answered by ${upstreams.size} replicas: ${codes.join(' ')}`,
  );
}

/** Redis stopped: pages and the form keep working, each replica counts the limit on its own; Redis back: shared again. */
async function redisOutage(topology: Topology, ca: string): Promise<void> {
  await topology.stopRedis();
  const during = new Client(`${topology.siteUrl}/graphql`, ca, 1, '127.0.0.3');
  // The proofs first: nginx takes turns between the replicas, so the 12 requests then reach each replica 6 times.
  const proofs: (string | undefined)[] = [];
  for (let i = 0; i < 12; i++) proofs.push(await proof(during));
  const codes: string[] = [];
  for (let i = 0; i < 12; i++) codes.push((await submit(during, randomUUID(), undefined, proofs[i])).code);
  during.close();
  const page = await fetchPage(topology, ca, '/en/');
  const ready = await Promise.all(PORTS.api.map(readyStatus));
  await topology.startRedis();
  // The replicas reconnect by themselves (within 2 s); their readiness says when.
  const reconnected = await waitUntil(
    async () => (await Promise.all(PORTS.api.map(readyStatus))).every((status) => status === 200),
    10_000,
  );
  const after = new Client(`${topology.siteUrl}/graphql`, ca, 1, '127.0.0.4');
  const afterCodes: string[] = [];
  for (let i = 0; i < 7; i++) afterCodes.push((await submit(after, randomUUID())).code);
  after.close();
  const accepted = codes.filter((code) => code === 'OK').length;
  const ok =
    page === 200 &&
    reconnected !== undefined &&
    accepted === 10 &&
    codes.every((code) => code === 'OK' || code === 'TOO_MANY_REQUESTS') &&
    afterCodes.filter((code) => code === 'OK').length === 5;
  report(
    'Redis outage',
    ok,
    `while down: page /en/ ${page}, /ready ${ready.join('/')}, ${accepted} of 12 contact ` +
      `requests from one address accepted (limit 5 counted by each of 2 replicas); ` +
      `back: replicas ready again in ${((reconnected ?? NaN) / 1000).toFixed(1)} s, ` +
      `${afterCodes.filter((code) => code === 'OK').length} of 7 accepted (shared limit 5)`,
  );
}

/** A replica's /ready status; 0 when it does not answer at all. */
const readyStatus = (port: number) =>
  fetch(`http://127.0.0.1:${port}/ready`).then(
    (response) => response.status,
    () => 0,
  );

function fetchPage(topology: Topology, ca: string, pagePath: string): Promise<number> {
  return new Promise((resolve) => {
    https
      .get(`${topology.siteUrl}${pagePath}`, { ca }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });
}

function accessLog(topology: Topology): Record<string, string>[] {
  if (!existsSync(topology.accessLog)) return [];
  return readFileSync(topology.accessLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);
}

/** 10,000 leads at concurrency 100, one replica SIGKILLed in the middle and started again; the client retries with the same requestId. */
async function crashUnderLoad(topology: Topology, client: Client, database: PgClient): Promise<void> {
  let killed = false;
  let restart: Promise<void> | undefined;
  const result = await load(client, {
    count: LEADS,
    concurrency: CONCURRENCY,
    maxSeconds: 300,
    submitShare: 1,
    retries: 5,
    onAnswer: (answered) => {
      if (!killed && answered >= LEADS * 0.4) {
        killed = true;
        restart = topology.stopReplica(0, 'SIGKILL').then(() => topology.startReplica(0, LOAD_ENV));
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
  const ok = result.answers.length === LEADS && stored.rows === LEADS && receipts.size === LEADS && failedFinally.length === 0;
  report(
    'crash under load',
    ok,
    `${result.answers.length} leads in ${result.seconds.toFixed(1)} s (${Math.round(result.answers.length / result.seconds)}/s), ` +
      `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
      `rows ${stored.rows}, distinct receipts ${receipts.size}, duplicates ` +
      `${stored.rows - stored.distinct_ids}, lost ${LEADS - stored.rows}; ` +
      `seen by a client without retries: ${failedFirst.length} (${tally(failedFirst.map((answer) => answer.firstCode))}); ` +
      `retried ${result.answers.filter((answer) => answer.attempts > 1).length}`,
  );
}

/** The webhook was down for the whole crash drill: once it is up, every lead is delivered, each once. */
async function webhookRecovers(webhook: Awaited<ReturnType<typeof startWebhook>>, database: PgClient): Promise<void> {
  const refused = webhook.state.refused;
  webhook.state.down = false;
  const upAt = Date.now();
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
  const ok = took !== undefined && webhook.deliveries.size === total && twice === 0 && rows[0]!.undelivered === 0;
  report(
    'webhook down, then up',
    ok,
    `${refused} sends refused while down; up: ${webhook.deliveries.size} of ${total} notifications delivered in ` +
      `${((took ?? Date.now() - upAt) / 1000).toFixed(1)} s, ${twice} delivered twice, ${rows[0]!.undelivered} left`,
  );
}

/** Each replica in turn gets SIGTERM under load and is started again: no request fails, without client retries. */
async function rollingRestart(
  topology: Topology,
  client: Client,
  webhook: Awaited<ReturnType<typeof startWebhook>>,
  database: PgClient,
): Promise<void> {
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
 * PostgreSQL stopped for 20 s under load, then started: SERVICE_UNAVAILABLE within the timeout meanwhile, full service within 5 s after,
 * nothing lost.
 */
async function databaseOutage(topology: Topology, client: Client, database: PgClient): Promise<void> {
  const logLinesBefore = PORTS.api.map((_, index) => apiLog(topology, index).length);
  const marks: { down?: number; up?: number; readyDuring?: number[] } = {};
  // The drill's own connection goes with the server (the drills after this one do not use it).
  const outage = (async () => {
    await sleep(3000);
    await database.end();
    marks.down = performance.now();
    await topology.stopDatabase();
    await sleep(OUTAGE_SECONDS * 500);
    marks.readyDuring = await Promise.all(PORTS.api.map(readyStatus));
    await sleep(OUTAGE_SECONDS * 500);
    await topology.startDatabase();
    marks.up = performance.now();
  })();
  outage.catch(() => undefined); // awaited below
  const loadStarted = performance.now();
  const result = await load(client, {
    count: 50_000,
    concurrency: 20,
    maxSeconds: OUTAGE_SECONDS + 25,
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
  const ok =
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
    `${OUTAGE_SECONDS} s down: ${outageAnswers.length} answers meanwhile (${tally(outageAnswers.map((answer) => answer.code))}), slowest ` +
      `${Math.round(Math.max(0, ...outageAnswers.map((answer) => answer.ms)))} ms, other ` +
      `errors ${unexpected.length} (${tally(unexpected.map((answer) => answer.code))}); ` +
      `/ready ${marks.readyDuring!.join('/')}; full service ${recovery.toFixed(1)} s ` +
      `after PostgreSQL was back; receipts ${receipts.length} = rows ${rows[0]!.count}; ` +
      `logs: ${unavailableLines} request lines for ${unavailable.length} SERVICE_UNAVAILABLE ` +
      `answers, ${stackLines} stack traces, ${summaries} outage summaries`,
  );
}

function apiLog(topology: Topology, index: number): string[] {
  return readFileSync(path.join(topology.logDir, `api-${index + 1}.log`), 'utf8')
    .split('\n')
    .filter(Boolean);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

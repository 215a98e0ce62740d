/**
 * The drill's settings, its verdicts and pacing, its visitors' addresses on the stack's edge network, the database as
 * the drill reads it, and the sales webhook it watches.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { Client as PgClient, type QueryResultRow } from 'pg';
import { until } from '@segmentia/testing';
import { loadToolsConfig } from '../../common/config';
import { type CheckStack, EDGE_PREFIX } from '../stack/check-stack';
import type { Target } from './client';

export const LEADS = loadToolsConfig().DRILL_LEADS;
export const CONCURRENCY = 100;
/** The sales webhook on this machine's address of the edge network, which the replicas' containers reach. */
const WEBHOOK_PORT = 19099;
/** The replicas' settings for the drills: the outbox retries and frees a dead replica's rows quickly. */
export const API_ENV = {
  NOTIFY_WEBHOOK_URL: `http://${EDGE_PREFIX}.1:${WEBHOOK_PORT}/hooks/sales`,
  // Production names the provider behind a webhook that is not on the loopback, as the privacy policy lists it.
  NOTIFY_WEBHOOK_PROCESSOR: 'The drill’s own webhook (this machine)',
  NOTIFY_POLL_INTERVAL_MS: '500',
  NOTIFY_RETRY_BASE_MS: '5000',
  NOTIFY_RETRY_MAX_MS: '30000',
  NOTIFY_LEASE_SECONDS: '60',
  DATABASE_TIMEOUT_MS: '2000',
  CONTACT_RATE_LIMIT_PER_MINUTE: '5',
  LOG_LEVEL: 'info',
  // The drill is about crashes, not bots: the quickest proof of work, and no time trap.
  ALTCHA_COST: '1',
  ALTCHA_DIFFICULTY: '1',
  CONTACT_MIN_FILL_SECONDS: '0',
};
/** The load comes from one address: the load drills lift the per-IP limits (the limits drills run first, with the real ones). */
export const LOAD_ENV = {
  CONTACT_RATE_LIMIT_PER_MINUTE: '1000000',
  CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000000',
  QUERY_RATE_LIMIT_PER_MINUTE: '100000000',
  SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
};
/** And nginx's budget per visitor, likewise. */
export const LOAD_EDGE = { NGINX_GRAPHQL_RATE: '100000r/s', NGINX_GRAPHQL_BURST: '100000', NGINX_GRAPHQL_CONNECTIONS: '1000' };

/** A drill's outcome: whether what must hold held, and the figures that say so. */
export interface Verdict {
  ok: boolean;
  figures: string;
}
export type Result = Verdict & { name: string };

/** The scenarios' pacing: how long a fault lasts, how long load runs before one (their definition, not a wait for a condition). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long `check` took to hold, or undefined when it did not within `ms`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, ms: number): Promise<number | undefined> {
  const started = Date.now();
  return until('the drill’s condition holds', check, { timeoutMs: ms, intervalMs: 100 }).then(
    () => Date.now() - started,
    () => undefined,
  );
}

const run = promisify(execFile);

/** Where the drill's visitors come from: each its own address, so nginx and the API count each apart. */
const VISITORS = ['load', 'limits', 'redisDown', 'redisBack', 'personal', 'explorer', 'challengeFlood', 'searchFlood'] as const;
type Visitor = (typeof VISITORS)[number];

/**
 * Through the published port every client arrives at nginx from the edge network's gateway, one visitor. Each of the
 * drill's visitors gets an address of its own on the edge network's bridge (10.87.0.200 and up) and talks to nginx's
 * own address there.
 */
export async function openEdge(check: CheckStack, ca: string) {
  const network = `${check.stack.options.project}_edge`;
  const { stdout } = await run('docker', ['network', 'inspect', '--format', '{{.Id}}', network]);
  const bridge = `br-${stdout.trim().slice(0, 12)}`;
  const address = (visitor: Visitor) => `${check.edge.prefix}.${200 + VISITORS.indexOf(visitor)}`;
  const close = () =>
    Promise.all(VISITORS.map((visitor) => run('ip', ['address', 'del', `${address(visitor)}/32`, 'dev', bridge]).catch(() => undefined)));
  try {
    for (const visitor of VISITORS) await run('ip', ['address', 'replace', `${address(visitor)}/32`, 'dev', bridge]);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    /** nginx's HTTPS server on the edge network, reached as the site's host name. */
    target: { url: `https://${check.edge.nginx}:8443/graphql`, ca, servername: new URL(check.siteUrl).hostname } satisfies Target,
    address,
    /** A replica's own address (index 0 is api-1): its readiness on port 4000, its metrics on 9464. */
    replica: (index: number) => `${check.edge.prefix}.${11 + index}`,
    /** The visitors' addresses taken off the bridge again. */
    close: async () => void (await close()),
  };
}
export type Edge = Awaited<ReturnType<typeof openEdge>>;

/** A query on the stack's database as its owner; its address is looked up each time (a restore moves it). */
export async function query<T extends QueryResultRow>(check: CheckStack, text: string, values: unknown[] = []): Promise<T[]> {
  const database = new PgClient({ connectionString: await check.databaseUrl() });
  database.on('error', () => undefined);
  await database.connect();
  try {
    return (await database.query<T>(text, values)).rows;
  } finally {
    await database.end().catch(() => undefined);
  }
}

/** The rows of these requests' leads, and how many of the requests they are (fewer: a lead stored twice). */
export const storedLeads = async (check: CheckStack, requestIds: string[]) =>
  (
    await query<{ rows: number; requests: number }>(
      check,
      'SELECT count(*)::int AS rows, count(DISTINCT request_id)::int AS requests FROM contact_request WHERE request_id = ANY($1)',
      [requestIds],
    )
  )[0]!;

/** The notifications the outbox holds for the webhook. */
export const webhookNotifications = async (check: CheckStack) =>
  (await query<{ count: number }>(check, "SELECT count(*)::int AS count FROM lead_notification WHERE channel = 'WEBHOOK'"))[0]!.count;

/** A Slack-like webhook, at API_ENV's NOTIFY_WEBHOOK_URL, that can be down (503) and counts deliveries by notification id. */
export async function startWebhook() {
  const deliveries = new Map<string, number>();
  const state: { down: boolean; refused: number; firstRefusedAt?: number } = { down: false, refused: 0 };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (state.down) {
        state.refused++;
        state.firstRefusedAt ??= Date.now();
        response.writeHead(503).end();
        return;
      }
      const id = String(request.headers['x-segmentia-notification']);
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      response.writeHead(200).end('ok');
    });
  });
  const url = new URL(API_ENV.NOTIFY_WEBHOOK_URL);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(Number(url.port), url.hostname, resolve));
  return {
    state,
    deliveries,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export type Webhook = Awaited<ReturnType<typeof startWebhook>>;

/** The drill's settings, its report, its pacing and the sales webhook it watches. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '@segmentia/testing';
import { loadToolsConfig } from '../../common/config';

export const LEADS = loadToolsConfig().DRILL_LEADS;
export const CONCURRENCY = 100;
export const PORTS = {
  http: 18080,
  https: 18443,
  api: [14101, 14102],
  metrics: [19101, 19102],
  postgres: 54359,
  redis: 16390,
  monitoring: 19190,
};
/** The replicas' settings for the drills: the outbox retries and frees a dead replica's rows quickly. */
export const API_ENV = {
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

interface Result {
  name: string;
  ok: boolean;
  figures: string;
}
export const results: Result[] = [];
export function report(name: string, ok: boolean, figures: string): void {
  results.push({ name, ok, figures });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(26)} ${figures}`);
}

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

/** A Slack-like webhook that can be down (503) and counts deliveries by notification id. */
export async function startWebhook() {
  const deliveries = new Map<string, number>();
  const state: { down: boolean; refused: number; firstRefusedAt?: number } = { down: true, refused: 0 };
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    deliveries,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sales`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export type Webhook = Awaited<ReturnType<typeof startWebhook>>;

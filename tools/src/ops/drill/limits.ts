/** The drills of the shared rate limits: counted across replicas, and each on its own while Redis is away. */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { Client, proof, submit } from './client';
import type { Topology } from '../production/topology';
import { PORTS, report, waitUntil } from './setup';

/**
 * The 6th contact request of an address within a minute is refused, whichever replica answers; a forged X-Forwarded-For changes nothing.
 */
export async function sharedLimits(topology: Topology, ca: string): Promise<void> {
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
export async function redisOutage(topology: Topology, ca: string): Promise<void> {
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
  const redisUpDuring = await Promise.all(PORTS.metrics.map(redisUp));
  await topology.startRedis();
  // The replicas reconnect by themselves (within 2 s); their metrics say when.
  const reconnected = await waitUntil(async () => (await Promise.all(PORTS.metrics.map(redisUp))).every(Boolean), 10_000);
  const after = new Client(`${topology.siteUrl}/graphql`, ca, 1, '127.0.0.4');
  const afterCodes: string[] = [];
  for (let i = 0; i < 7; i++) afterCodes.push((await submit(after, randomUUID())).code);
  after.close();
  const accepted = codes.filter((code) => code === 'OK').length;
  const ok =
    page === 200 &&
    // Readiness does not follow Redis: no replica leaves a load balancer for it. The metrics say it is down.
    ready.every((status) => status === 200) &&
    redisUpDuring.every((up) => !up) &&
    reconnected !== undefined &&
    accepted === 10 &&
    codes.every((code) => code === 'OK' || code === 'TOO_MANY_REQUESTS') &&
    afterCodes.filter((code) => code === 'OK').length === 5;
  report(
    'Redis outage',
    ok,
    `while down: page /en/ ${page}, /ready ${ready.join('/')}, ${accepted} of 12 contact ` +
      `requests from one address accepted (limit 5 counted by each of 2 replicas); ` +
      `Redis up per the metrics: ${redisUpDuring.map(Number).join('/')}; ` +
      `back: Redis reached again in ${((reconnected ?? NaN) / 1000).toFixed(1)} s, ` +
      `${afterCodes.filter((code) => code === 'OK').length} of 7 accepted (shared limit 5)`,
  );
}

/** Whether a replica's metrics say it reaches Redis (segmentia_dependency_up). */
const redisUp = async (metricsPort: number) =>
  /^segmentia_dependency_up\{dependency="redis"\} 1$/m.test(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());

/** A replica's /ready status; 0 when it does not answer at all. */
export const readyStatus = (port: number) =>
  fetch(`http://127.0.0.1:${port}/ready`).then(
    (response) => response.status,
    () => 0,
  );

export function fetchPage(topology: Topology, ca: string, pagePath: string): Promise<number> {
  return new Promise((resolve) => {
    https
      .get(`${topology.siteUrl}${pagePath}`, { ca }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });
}

export function accessLog(topology: Topology): Record<string, string>[] {
  if (!existsSync(topology.accessLog)) return [];
  return readFileSync(topology.accessLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>);
}

/** The drills of the shared rate limits: counted across replicas, and each on its own while Redis is away. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { CheckStack } from '../stack/check-stack';
import { REPLICAS } from '../stack/compose';
import { Client, proof, submit } from './client';
import { type Edge, type Verdict, waitUntil } from './setup';

/**
 * The 6th contact request of an address within a minute is refused, whichever replica answers; a forged X-Forwarded-For changes nothing.
 */
export async function sharedLimits(check: CheckStack, edge: Edge): Promise<Verdict> {
  const client = new Client(edge.target, 1, edge.address('limits'));
  const codes: string[] = [];
  for (let i = 0; i < 7; i++) codes.push((await submit(client, randomUUID(), { 'x-forwarded-for': `203.0.113.${i + 1}` })).code);
  client.close();
  // The access log keeps a visitor's /24 only: the drill's visitors share one; nothing else sends meanwhile.
  const client24 = edge.address('limits').replace(/\.\d+$/, '.0');
  const upstreams = new Set(
    (await accessLog(check))
      .filter((line) => line.client === client24 && line.path === '/graphql')
      .slice(-7)
      .map((line) => line.upstream),
  );
  const ok =
    codes.slice(0, 5).every((code) => code === 'OK') &&
    codes.slice(5).every((code) => code === 'TOO_MANY_REQUESTS') &&
    upstreams.size === 2;
  return {
    ok,
    figures:
      `7 requests from one address, each with another forged X-Forwarded-For, ` +
      `answered by ${upstreams.size} replicas: ${codes.join(' ')}`,
  };
}

/** Redis stopped: pages and the form keep working, each replica counts the limit on its own; Redis back: shared again. */
export async function redisOutage(check: CheckStack, edge: Edge): Promise<Verdict> {
  const replicas = REPLICAS.map((_, index) => edge.replica(index));
  await check.stack.stop(['redis']);
  const during = new Client(edge.target, 1, edge.address('redisDown'));
  // The proofs first: nginx takes turns between the replicas, so the 12 requests then reach each replica 6 times.
  const proofs: (string | undefined)[] = [];
  for (let i = 0; i < 12; i++) proofs.push(await proof(during));
  const codes: string[] = [];
  for (let i = 0; i < 12; i++) codes.push((await submit(during, randomUUID(), undefined, proofs[i])).code);
  during.close();
  const page = await fetchPage(check, '/en/');
  const ready = await Promise.all(replicas.map(readyStatus));
  const redisUpDuring = await Promise.all(replicas.map(redisUp));
  await check.stack.up(['redis'], { wait: false });
  // The replicas reconnect by themselves (within 2 s); their metrics say when.
  const reconnected = await waitUntil(async () => (await Promise.all(replicas.map(redisUp))).every(Boolean), 15_000);
  const after = new Client(edge.target, 1, edge.address('redisBack'));
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
  return {
    ok,
    figures:
      `while down: page /en/ ${page}, /ready ${ready.join('/')}, ${accepted} of 12 contact ` +
      `requests from one address accepted (limit 5 counted by each of 2 replicas); ` +
      `Redis up per the metrics: ${redisUpDuring.map(Number).join('/')}; ` +
      `back: Redis reached again ${((reconnected ?? NaN) / 1000).toFixed(1)} s after its container started, ` +
      `${afterCodes.filter((code) => code === 'OK').length} of 7 accepted (shared limit 5)`,
  };
}

/** Whether a replica's metrics say it reaches Redis (segmentia_dependency_up). */
const redisUp = async (replica: string) =>
  /^segmentia_dependency_up\{dependency="redis"\} 1$/m.test(await (await fetch(`http://${replica}:9464/metrics`)).text());

/** A replica's /ready status; 0 when it does not answer at all. */
export const readyStatus = (replica: string) =>
  fetch(`http://${replica}:4000/ready`).then(
    (response) => response.status,
    () => 0,
  );

/** A page of the site through the published port, as a visitor's browser asks for it. */
function fetchPage(check: CheckStack, pagePath: string): Promise<number> {
  return new Promise((resolve) => {
    https
      .get(`${check.siteUrl}${pagePath}`, { ca: readFileSync(check.ca) }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });
}

/** nginx's access log (the web container's standard output): one JSON line per request; its error lines left out. */
async function accessLog(check: CheckStack): Promise<Record<string, string>[]> {
  return (await check.stack.logs(['web']))
    .split('\n')
    .map((line) => line.slice(line.indexOf('| ') + 2))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, string>);
}

/**
 * `npm run bench:api`: throughput and latency of the API, in one run on one server: the built API in a process of its
 * own (NODE_ENV=production) on a fresh, seeded database, loaded by autocannon from this process.
 *   1. `{ __typename }` (the floor: HTTP and Apollo, no database), `audiences` (country × topic × locale varied) as POST
 *      and as the explorer sends it (GET), and `searchAudiences`, each at concurrency 20; the explorer's GET through
 *      `npm run prod`'s nginx when it runs (its cache answers what was asked before);
 *   2. `submitContactRequest` at concurrency 50, each request sent twice (a retry): receipts against the rows stored,
 *      and the webhook deliveries of those leads (count, distinct, how long after the last lead);
 *   3. the proof of work at the production settings: issuing and checking a challenge (the API), solving it (a visitor).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { AUDIENCES, COUNTRIES, TOPICS } from '@segmentia/api/database';
import { ProofOfWork } from '@segmentia/api/proof-of-work';
import { contactInput, fetchChallenge, postGraphql, QUICK_PROOF, SUBMIT_CONTACT_REQUEST, solvedPayload, until } from '@segmentia/testing';
import { loadToolsConfig } from '../src/common/config';
import { importOnDemand } from '../src/common/on-demand';
import { REPO_ROOT } from '../src/common/paths';
import { PRODUCTION } from '../src/ops/stack/compose';
import { scratchDatabase, startApiProcess, UNLIMITED } from './api-process';
import { onExit, runBench } from './common';

const { bench } = loadToolsConfig();
const URL = `http://127.0.0.1:${bench.port}/graphql`;
const LOCALES = ['ES', 'EN', 'DE', 'IT', 'FR'];
const AUDIENCES_QUERY =
  'query A($c: String!, $t: String!, $l: Locale!) { audiences(country: $c, topic: $t, locale: $l) { id interest audienceSize } }';
const SEARCH_QUERY =
  'query S($c: String!, $q: String!, $l: Locale!) ' +
  '{ searchAudiences(country: $c, text: $q, locale: $l) { id interest audienceSize segmentId } }';
/** `npm run prod`'s stack, at the HTTPS port its settings publish (docker-compose.yml's default otherwise). */
const PROD_URL = `https://localhost:${(existsSync(PRODUCTION.options.envFile) && PRODUCTION.settings.get('PUBLISHED_HTTPS_PORT')) || 8443}`;

/** What this benchmark uses of autocannon. */
interface LoadRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
  onResponse?: (status: number, body: string) => void;
}
type LoadOptions = LoadRequest & { url?: string; connections?: number; duration?: number; amount?: number; requests?: LoadRequest[] };
type LoadResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };

/** One autocannon run (POSTs of JSON to the API at concurrency 20 for BENCH_SECONDS unless told otherwise), as a row. */
async function load(options: LoadOptions) {
  const autocannon = await importOnDemand<{ default: (options: LoadOptions) => Promise<LoadResult> }>('autocannon', 'autocannon');
  const defaults = { url: URL, method: 'POST' as const, headers: { 'content-type': 'application/json' }, connections: 20 };
  const { requests, latency, non2xx, errors } = await autocannon.default({ ...defaults, duration: bench.seconds, ...options });
  return { 'req/s': Math.round(requests.average), 'p50 ms': latency.p50, 'p99 ms': latency.p99, 'non-2xx': non2xx, errors };
}
const post = (query: string, variables?: object) => ({ body: JSON.stringify({ query, variables }) });

runBench(async () => {
  const databaseUrl = await scratchDatabase('segmentia_bench');
  const webhook = await startWebhook();
  await startApiProcess(
    {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      // Production settings a benchmark has no real value for: the example company, a key of this run alone.
      PUBLISH_EXAMPLE_COMPANY: 'true',
      SUPPRESSION_HASH_KEY: randomBytes(32).toString('hex'),
      ...UNLIMITED,
      NOTIFY_WEBHOOK_URL: webhook.url,
      NOTIFY_POLL_INTERVAL_MS: '1000',
      // The writes carry the quickest proof: its cost at the production settings is measured apart (proofCost).
      ...QUICK_PROOF,
    },
    bench.port,
  );

  const questions = COUNTRIES.flatMap((country, i) =>
    TOPICS.map((topic, j) => ({ c: country.code, t: topic.slug, l: LOCALES[(i + j) % 5] })),
  );
  const posts = questions.map((variables) => post(AUDIENCES_QUERY, variables));
  // As the explorer asks (Apollo Client's useGETForQueries), with the header CSRF prevention wants of a GET.
  const gets = questions.map((variables) => ({
    method: 'GET' as const,
    path: `/graphql?query=${encodeURIComponent(AUDIENCES_QUERY)}&variables=${encodeURIComponent(JSON.stringify(variables))}`,
    headers: { 'apollo-require-preflight': 'true' },
  }));
  // Words visitors type in their languages, across the countries (the API's cache warm after the first of each).
  const words = ['motor', 'viaje', 'reise', 'moda', 'banca', 'fans', 'salud', 'cucina', 'énergie', 'tecnolog', 'smartphone', 'vin'];
  const searches = COUNTRIES.flatMap((country, i) =>
    words.map((q, j) => post(SEARCH_QUERY, { c: country.code, q, l: LOCALES[(i + j) % 5] })),
  );
  await load({ duration: 2, requests: posts }); // warm-up: JIT, pool, catalog
  const reads: Record<string, Awaited<ReturnType<typeof load>>> = {
    '{ __typename }': await load(post('{ __typename }')),
    audiences: await load({ requests: posts }),
    'audiences (GET)': await load({ requests: gets }),
    searchAudiences: await load({ requests: searches }),
  };
  const coldStarted = performance.now();
  await postGraphql(URL, SEARCH_QUERY, { c: 'ES', q: 'aficionad', l: 'ES' });
  const coldMs = performance.now() - coldStarted;
  const production = await prodRunning();
  if (production) reads['audiences (GET) via nginx'] = await load({ url: `${PROD_URL}/graphql`, requests: gets });

  // A visitor's proof for each request (its retry sends the same), solved before the load.
  const contacts = 1000;
  const bodies: string[] = [];
  for (let i = 0; i < contacts; i++) {
    const requestId = randomUUID();
    const altcha = await solvedPayload(await fetchChallenge(URL));
    // The kit's request takes its email domain from the requestId: no lead repeats another, so each is announced once.
    const input = contactInput({
      requestId,
      agencyName: `Bench ${AUDIENCES[i % AUDIENCES.length]!.names.en}`,
      contactName: 'Bench Runner',
      altcha,
    });
    bodies.push(post(SUBMIT_CONTACT_REQUEST, { input }).body);
  }
  const receipts = new Set<string>();
  let answered = 0;
  let sent = 0;
  const writes = await load({
    connections: 50,
    amount: contacts * 2,
    requests: [
      {
        // Each request twice, the second a retry that must not store again.
        setupRequest: (request) => ({ ...request, body: bodies[Math.floor(sent++ / 2) % contacts] }),
        onResponse: (status, body) => {
          const id = (JSON.parse(body) as { data?: { submitContactRequest?: { id: string } } }).data?.submitContactRequest?.id;
          if (status !== 200 || !id) return;
          answered++;
          receipts.add(id);
        },
      },
    ],
  });
  const writesEnded = Date.now();
  const stored = await countLeads(databaseUrl);
  const delivered = () => webhook.deliveries.length >= stored;
  await until('every lead is delivered', delivered, { timeoutMs: 120_000, intervalMs: 20 }).catch(() => undefined);
  const deliveredAfter = ((Date.now() - writesEnded) / 1000).toFixed(1);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // a repeat would show up now

  console.log(`\nAPI benchmark (${bench.seconds} s per read run, API in its own process, NODE_ENV=production)\n`);
  const trivial = reads['{ __typename }']!['req/s'];
  console.table(
    Object.fromEntries(
      Object.entries(reads).map(([name, row]) => [name, { ...row, 'of trivial': `${((row['req/s'] / trivial) * 100).toFixed(1)} %` }]),
    ),
  );
  console.log(
    `targets: audiences ≥ 90 % of the trivial query's req/s, p99 < 10 ms at concurrency 20; ` +
      `a search not asked before (PostgreSQL, one request): ${coldMs.toFixed(1)} ms`,
  );
  console.log(
    production
      ? `through npm run prod's nginx (${PROD_URL}): answered by its cache after the first of each question`
      : `npm run prod is not running (${PROD_URL}): nothing measured through nginx`,
  );
  console.log(
    `\n${contacts} submissions, each sent twice (a retry): rows stored = distinct receipts = distinct deliveries, ` +
      'or a lead was lost or doubled',
  );
  const deliveries = { deliveries: webhook.deliveries.length, 'distinct deliveries': new Set(webhook.deliveries).size };
  console.table({
    submitContactRequest: { ...writes, receipts: answered, 'distinct receipts': receipts.size, 'rows stored': stored, ...deliveries },
  });
  console.log(`webhook: all delivered ${deliveredAfter} s after the last lead was answered`);
  await proofCost();
});

/** A webhook that accepts everything and notes each delivery's notification id. */
async function startWebhook() {
  const deliveries: string[] = [];
  const server = http.createServer((request, response) =>
    request.resume().on('end', () => {
      deliveries.push(String(request.headers['x-segmentia-notification']));
      response.writeHead(200).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onExit(() => server.close());
  return { deliveries, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** Whether `npm run prod` answers, its local CA (.data/tls/ca.pem) trusted for the question. */
function prodRunning(): Promise<boolean> {
  const caFile = path.join(REPO_ROOT, '.data', 'tls', 'ca.pem');
  if (!existsSync(caFile)) return Promise.resolve(false);
  return new Promise((resolve) => {
    https
      .get(`${PROD_URL}/robots.txt`, { ca: readFileSync(caFile), timeout: 2_000 }, (response) =>
        resolve(response.resume().statusCode === 200),
      )
      .on('error', () => resolve(false))
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy();
      });
  });
}

async function countLeads(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM contact_request').finally(() => client.end());
  return Number(rows[0]!.count);
}

/**
 * What the proof of work costs at the production settings (ALTCHA_COST and ALTCHA_DIFFICULTY as configured, or their
 * defaults): the API's part per request (issuing: an HMAC; checking: one key derivation), measured in this process,
 * and the visitor's (solving, here on one core of Node.js; the widget spreads it over several Web Workers).
 */
async function proofCost(): Promise<void> {
  const config = loadToolsConfig({ ...process.env, NODE_ENV: 'production' });
  // No challenge is ever spent here: the figure is the check of a fresh solution (the spent-challenge lookup is one indexed read).
  const neverSpent = { proofOfWorkUse: { findUnique: async () => null } } as unknown as ConstructorParameters<typeof ProofOfWork>[1];
  const pow = new ProofOfWork(config, neverSpent);
  const time = async <T>(count: number, work: (index: number) => Promise<T>) => {
    const results: T[] = [];
    const started = performance.now();
    for (let i = 0; i < count; i++) results.push(await work(i));
    return { ms: (performance.now() - started) / count, results };
  };
  const issued = await time(200, () => pow.challenge());
  const solved = await time(5, (i) => solvedPayload(issued.results[i]!));
  const checked = await time(200, (i) => pow.check(solved.results[i % 5], 'mark'));
  const { ALTCHA_COST: cost, ALTCHA_DIFFICULTY: difficulty } = config;
  console.log(
    `\nProof of work at the production settings (PBKDF2/SHA-256, ${cost} iterations per attempt, ` +
      `a key starting with ${difficulty} zero digits: ${16 ** difficulty} attempts on average)`,
  );
  console.table({
    'API: issue a challenge (contactChallenge)': { 'ms each': issued.ms.toFixed(2), 'per core per s': Math.round(1000 / issued.ms) },
    'API: check a solution (submitContactRequest)': { 'ms each': checked.ms.toFixed(3), 'per core per s': Math.round(1000 / checked.ms) },
    'visitor: solve it (Node.js, one core)': { 'ms each': solved.ms.toFixed(0), 'per core per s': (1000 / solved.ms).toFixed(2) },
  });
  console.log(`checked: ${checked.results.filter((result) => result.ok).length} of 200 verified`);
}

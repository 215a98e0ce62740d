// Over 300 lines on purpose: one run measures every hot path of the API (explorer, search, contact, proof of work)
// against one database and one trivial-query baseline, and prints the figures together.
/**
 * `npm run bench:api`: throughput and latency of the API, from one run on one
 * server. The API runs in its own process (as in production) on a fresh,
 * seeded database; autocannon loads it from this process.
 *   1. `{ __typename }` (the floor: HTTP + Apollo, no database) and
 *      `audiences` (country × topic × locale varied), each at concurrency 20,
 *      as POST and as the explorer sends it (GET); and, when `npm run prod`
 *      runs, the explorer's GET through its nginx (which caches it);
 *   2. `submitContactRequest` at concurrency 50, each request sent twice (a
 *      retry), then the receipts counted against the rows stored;
 *   3. the notifications of those leads: a local webhook counts what the
 *      outbox worker delivers, and how long it took after the last lead;
 *   4. the proof of work at the production settings: what issuing and
 *      checking a challenge cost the API, and solving it a visitor's machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { loadToolsConfig } from '../src/common/config';
import { PRODUCTION } from '../src/ops/stack/compose';
import { importOnDemand } from '../src/common/on-demand';
import { openDatabase } from '../src/dev/database/open-database';
import { API_ROOT, REPO_ROOT } from '../src/common/paths';
import { createTemporaryDatabase } from '../src/dev/database/temporary-database';
import { AUDIENCES, COUNTRIES, TOPICS } from '@segmentia/api/database';
import { contactInput, fetchChallenge as challengeOf, SUBMIT_CONTACT_REQUEST, solvedPayload } from '@segmentia/testing';
import { ProofOfWork } from '@segmentia/api/proof-of-work';

const { bench } = loadToolsConfig();
const PORT = bench.port;
const URL = `http://127.0.0.1:${PORT}/graphql`;
const SECONDS = bench.seconds;
const LOCALES = ['ES', 'EN', 'DE', 'IT', 'FR'];

const body = (query: string, variables?: object) => JSON.stringify({ query, variables });
const SEARCH_QUERY =
  'query S($c: String!, $q: String!, $l: Locale!) { searchAudiences(country: ' +
  '$c, text: $q, locale: $l) { id interest audienceSize segmentId } }';
const AUDIENCES_QUERY =
  'query A($c: String!, $t: String!, $l: Locale!) { audiences(country: $c, topic: $t, locale: $l) { id interest audienceSize } }';
/** The explorer's GET of a question (Apollo Client's `useGETForQueries`), path and query string. */
const getPath = (variables: object) =>
  `/graphql?query=${encodeURIComponent(AUDIENCES_QUERY)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
/** `npm run prod`'s stack, at the HTTPS port its settings publish (docker-compose.yml's default). */
const PROD_HTTPS_PORT = existsSync(PRODUCTION.options.envFile) ? PRODUCTION.settings.get('PUBLISHED_HTTPS_PORT') : undefined;
const PROD_URL = `https://localhost:${PROD_HTTPS_PORT ?? 8443}`;

/** A webhook that accepts everything and counts deliveries by notification id. */
async function startWebhook() {
  const deliveries: string[] = [];
  const server = http.createServer((request, response) => {
    request.resume().on('end', () => {
      deliveries.push(String(request.headers['x-segmentia-notification']));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { deliveries, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

async function startApi(databaseUrl: string, webhookUrl: string): Promise<ChildProcess> {
  const api = spawn(process.execPath, [path.join(API_ROOT, 'dist/src/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Production settings a benchmark has no real value for: the example company, a key of this run alone.
      PUBLISH_EXAMPLE_COMPANY: 'true',
      SUPPRESSION_HASH_KEY: randomBytes(32).toString('hex'),
      // The limits would turn the benchmarks into rate-limit benchmarks: they measure the API itself.
      CONTACT_RATE_LIMIT_PER_MINUTE: '1000000',
      CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000000',
      QUERY_RATE_LIMIT_PER_MINUTE: '100000000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
      NOTIFY_WEBHOOK_URL: webhookUrl,
      NOTIFY_POLL_INTERVAL_MS: '1000',
      // The writes carry a proof each, the quickest: its cost at the real settings is measured apart (proofCost).
      ALTCHA_COST: '1',
      ALTCHA_DIFFICULTY: '1',
      CONTACT_MIN_FILL_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${PORT}/ready`).catch(() => undefined);
    if (ready?.ok) return api;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  api.kill();
  throw new Error('The API did not become ready');
}

/** What this benchmark uses of autocannon, which its first run installs (common/on-demand.ts). */
interface LoadRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
  onResponse?: (status: number, body: string) => void;
}
interface LoadOptions extends LoadRequest {
  url: string;
  title?: string;
  connections?: number;
  duration?: number;
  amount?: number;
  requests?: LoadRequest[];
}
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

async function autocannon(options: LoadOptions): Promise<LoadResult> {
  const { default: run } = await importOnDemand<{ default: (options: LoadOptions) => Promise<LoadResult> }>('autocannon', 'autocannon');
  return run(options);
}

function load(title: string, options: Partial<LoadOptions>): Promise<LoadResult> {
  return autocannon({ url: URL, method: 'POST', headers: { 'content-type': 'application/json' }, title, ...options });
}

function row(result: LoadResult) {
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const server = await openDatabase();
  const database = await createTemporaryDatabase(server.url, 'segmentia_bench');
  const webhook = await startWebhook();
  const api = await startApi(database.url, webhook.url);
  try {
    const questions = COUNTRIES.flatMap((country, i) =>
      TOPICS.map((topic, j) => ({ c: country.code, t: topic.slug, l: LOCALES[(i + j) % LOCALES.length] })),
    );
    const audienceBodies = questions.map((variables) => body(AUDIENCES_QUERY, variables));
    const audienceGets = questions.map((variables) => ({
      method: 'GET' as const,
      path: getPath(variables),
      headers: { 'apollo-require-preflight': 'true' },
    }));
    // Warm up both paths (JIT, pool, catalog) before measuring.
    await load('warm-up', { connections: 20, duration: 2, requests: audienceBodies.map((b) => ({ body: b })) });

    const trivial = await load('{ __typename }', { connections: 20, duration: SECONDS, body: body('{ __typename }') });
    const audiences = await load('audiences', {
      connections: 20,
      duration: SECONDS,
      requests: audienceBodies.map((b) => ({ body: b })),
    });
    const audiencesGet = await load('audiences (GET)', { connections: 20, duration: SECONDS, requests: audienceGets });
    // The explorer's search: words typed by visitors in their language, across the countries (the API's cache warm after the first of
    // each).
    const words = ['motor', 'viaje', 'reise', 'moda', 'banca', 'fans', 'salud', 'cucina', 'énergie', 'tecnolog', 'smartphone', 'vin'];
    const searches = COUNTRIES.flatMap((country, i) =>
      words.map((text, j) => body(SEARCH_QUERY, { c: country.code, q: text, l: LOCALES[(i + j) % LOCALES.length] })),
    );
    const search = await load('searchAudiences', { connections: 20, duration: SECONDS, requests: searches.map((b) => ({ body: b })) });
    const coldStarted = performance.now();
    const cold = await fetch(URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(SEARCH_QUERY, { c: 'ES', q: 'aficionad', l: 'ES' }),
    });
    await cold.json();
    const coldMs = performance.now() - coldStarted;
    // Through npm run prod's nginx, when it runs: its cache answers the second identical GET.
    const production = await prodRunning();
    const throughNginx = production
      ? await autocannon({ url: `${PROD_URL}/graphql`, connections: 20, duration: SECONDS, requests: audienceGets, title: 'through nginx' })
      : undefined;

    // Alias floods: how long the API takes to refuse one (it must never run it).
    const floods = await Promise.all(
      [16, 1500, 5900].map(async (aliases) => {
        const query = `{ ${Array.from({ length: aliases }, (_, i) => `a${i}:__typename`).join(' ')} }`;
        const times: number[] = [];
        let answer = '';
        for (let i = 0; i < 20; i++) {
          const started = performance.now();
          const response = await fetch(URL, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          });
          const parsed = (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
          times.push(performance.now() - started);
          answer = `${response.status} ${parsed.errors?.[0]?.extensions?.code ?? (parsed.data ? 'executed' : '')}`;
        }
        times.sort((a, b) => a - b);
        return [
          `${aliases} aliases`,
          {
            KB: (Buffer.byteLength(query) / 1024).toFixed(1),
            answer,
            'median ms': times[10]!.toFixed(1),
            'worst ms': times[19]!.toFixed(1),
          },
        ] as const;
      }),
    );

    const receipts = new Set<string>();
    let answered = 0;
    const contacts = 1000;
    const ids = Array.from({ length: contacts }, () => randomUUID());
    // A visitor's proof for each request (the retry sends the same), solved before the load.
    const proofs = new Map<string, string>();
    for (const id of ids) proofs.set(id, (await solvedPayload(await fetchChallenge()))!);
    let sent = 0;
    const writes = await load('submitContactRequest', {
      connections: 50,
      amount: contacts * 2,
      requests: [
        {
          setupRequest: (request) => {
            // Each id twice, the second send a retry that must not store again.
            const requestId = ids[Math.floor(sent++ / 2) % contacts]!;
            return { ...request, body: contactBody(requestId, proofs.get(requestId)!) };
          },
          onResponse: (status, responseBody) => {
            const parsed = JSON.parse(responseBody) as { data?: { submitContactRequest?: { id: string } } };
            const id = parsed.data?.submitContactRequest?.id;
            if (status === 200 && id) {
              answered++;
              receipts.add(id);
            }
          },
        },
      ],
    });
    const writesEnded = Date.now();
    const stored = await countRows(database.url);
    const deadline = writesEnded + 120_000;
    while (webhook.deliveries.length < stored && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const deliverySeconds = (Date.now() - writesEnded) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000)); // a repeat would show up now

    console.log(`\nAPI benchmark (${SECONDS} s per read run, API in its own process, NODE_ENV=production)\n`);
    console.table({
      '{ __typename }': row(trivial),
      audiences: row(audiences),
      'audiences (GET)': row(audiencesGet),
      searchAudiences: row(search),
      ...(throughNginx && { 'audiences (GET) via nginx': row(throughNginx) }),
    });
    const ratio = audiences.requests.average / trivial.requests.average;
    console.log(
      `audiences throughput: ${(ratio * 100).toFixed(1)} % of the trivial query (target ≥ 90 %); ` +
        `as GET ${((audiencesGet.requests.average / trivial.requests.average) * 100).toFixed(1)} %`,
    );
    console.log(`audiences p99 at concurrency 20: ${audiences.latency.p99} ms, as GET ${audiencesGet.latency.p99} ms (target < 10 ms)`);
    console.log(
      `searchAudiences: ${((search.requests.average / trivial.requests.average) * 100).toFixed(1)} % of the ` +
        `trivial query's throughput; a search not asked before (PostgreSQL, one request): ${coldMs.toFixed(1)} ms`,
    );
    console.log(
      throughNginx
        ? `through npm run prod's nginx (${PROD_URL}): answered by its cache after the first of each question`
        : `npm run prod is not running (${PROD_URL}): nothing measured through nginx`,
    );
    console.log('');
    console.table({
      submitContactRequest: {
        ...row(writes),
        sent: contacts * 2,
        receipts: answered,
        'distinct receipts': receipts.size,
        'rows stored': stored,
      },
    });
    console.log(
      `rows stored ${stored === receipts.size ? '=' : '≠'} distinct receipts ` +
        `(${stored} / ${receipts.size}); ${contacts} requests, each sent twice`,
    );
    console.log('\nAlias floods of `__typename` (20 each; target: refused within 50 ms, never run)');
    console.table(Object.fromEntries(floods));
    const distinct = new Set(webhook.deliveries).size;
    console.log(
      `webhook: ${webhook.deliveries.length} deliveries, ${distinct} distinct, for ${stored} leads; ` +
        `all delivered ${deliverySeconds.toFixed(1)} s after the last lead was answered`,
    );
    await proofCost();
  } finally {
    api.kill();
    webhook.close();
    await database.drop();
    await server.stop();
  }
}

/** Whether `npm run prod` answers (its local CA, .data/tls/ca.pem, trusted for the question). */
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

const fetchChallenge = () => challengeOf(URL);

/**
 * What the proof of work costs at the production settings (ALTCHA_COST,
 * ALTCHA_DIFFICULTY as configured, or their defaults): the API's part per
 * request (issuing: an HMAC, no key derivation; checking: one derivation), measured in
 * this process, and the visitor's (solving, here with one core of Node.js; the
 * widget spreads it over several Web Workers).
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
  console.log(
    `\nProof of work at the production settings (PBKDF2/SHA-256, ${config.ALTCHA_COST} ` +
      `iterations per attempt, a key starting with ${config.ALTCHA_DIFFICULTY} zero digits: ` +
      `${16 ** config.ALTCHA_DIFFICULTY} attempts on average)`,
  );
  console.table({
    'API: issue a challenge (contactChallenge)': { 'ms each': issued.ms.toFixed(2), 'per core per s': Math.round(1000 / issued.ms) },
    'API: check a solution (submitContactRequest)': { 'ms each': checked.ms.toFixed(3), 'per core per s': Math.round(1000 / checked.ms) },
    'visitor: solve it (Node.js, one core)': { 'ms each': solved.ms.toFixed(0), 'per core per s': (1000 / solved.ms).toFixed(2) },
  });
  console.log(`checked: ${checked.results.filter((result) => result.ok).length} of 200 verified`);
}

function contactBody(requestId: string, altcha: string): string {
  const audience = AUDIENCES[requestId.charCodeAt(0) % AUDIENCES.length]!;
  // The kit's request makes its email domain of the requestId: a repeat would not be announced, and the webhook count would not add up.
  return body(SUBMIT_CONTACT_REQUEST, {
    input: contactInput({ requestId, agencyName: `Bench ${audience.names.en}`, contactName: 'Bench Runner', altcha }),
  });
}

async function countRows(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM contact_request');
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

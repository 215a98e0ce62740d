/**
 * `npm run bench:leads`: the staff's reads of the leads at BENCH_LEADS leads (a million unless set). A database of
 * its own on DATABASE_URL's server (or the embedded PostgreSQL), migrated, seeded with the leads (leads/seed.ts)
 * and analysed, dropped at the end whatever happens. Each read (leads/reads.ts) is sent as the staff page sends it,
 * GraphQL over HTTP with a staff member's ID token, to the API in its own process: its median and worst time over
 * RUNS runs after one to warm up, the leads its answer counts, and how PostgreSQL read contact_request for it (the
 * statements a second API in this process sent for the same request, explained and run with EXPLAIN ANALYZE). Then
 * the export's resident memory in the API's process, and a visitor's submission with its repeat lookup (the contact
 * path's query for the prospect's earlier requests), timed as a whole and as that statement alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { createApp } from '@segmentia/api/app';
import { loadConfig } from '@segmentia/api/config';
import { COUNTRIES, PrismaService } from '@segmentia/api/database';
import {
  contactInput,
  createTestIdentity,
  fetchChallenge,
  QUICK_PROOF,
  serveKeySet,
  solve,
  SUBMIT_CONTACT_REQUEST,
  TEST_PROJECT_ID,
} from '@segmentia/testing';
import { loadToolsConfig } from '../src/common/config';
import { API_ROOT } from '../src/common/paths';
import { openDatabase } from '../src/dev/database/open-database';
import { createTemporaryDatabase } from '../src/dev/database/temporary-database';
import { median, peakResidentMemory, type Timed, timedRequest } from './leads/measure';
import { explain, type PlanSummary, type Statement, statementRecorder } from './leads/plans';
import { staffReads } from './leads/reads';
import { seedLeads } from './leads/seed';

const RUNS = 5;
/** The leads span two years, short of the retention period (LEAD_RETENTION_MONTHS, 24 by default). */
const DAYS = 720;
/** The goals, ms (docs/benchmarks.md): a list page, a filter or a search; the overview; a submission's repeat lookup. */
const GOALS = { list: 100, search: 100, overview: 200, lookup: 20 } as const;

interface Row {
  read: string;
  answer: string;
  rows: string;
  median: number;
  worst: number;
  goal?: number;
  plan: PlanSummary;
}

async function main(): Promise<void> {
  const { bench } = loadToolsConfig();
  const count = bench.leads;
  const server = await openDatabase();
  const database = await createTemporaryDatabase(server.url, 'segmentia_bench_leads');
  const cleanups: (() => Promise<unknown>)[] = [() => database.drop(), () => server.stop()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error(error));
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    const now = new Date();
    let started = performance.now();
    await seedLeads(client, {
      count,
      countries: COUNTRIES,
      days: DAYS,
      now,
      progress: (inserted) => process.stdout.write(`\rseeding: ${inserted} of ${count} leads`),
    });
    await client.query('VACUUM (ANALYZE) contact_request');
    await client.query('VACUUM (ANALYZE) lead_notification');
    console.log(`\nseeded ${count} leads and their notifications in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const identity = await createTestIdentity();
    const keySet = await serveKeySet(identity.publicJwk);
    cleanups.push(() => keySet.close());
    const settings = {
      DATABASE_URL: database.url,
      // Outside production: only there may staff tokens come from a key set of the bench's own.
      NODE_ENV: 'test',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_JWKS_URL: keySet.url,
      STAFF_ACCOUNT_CHECK_SECONDS: '0',
      METRICS_PORT: '0',
      ...QUICK_PROOF,
      CONTACT_RATE_LIMIT_PER_MINUTE: '1000000',
      CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000000',
      QUERY_RATE_LIMIT_PER_MINUTE: '100000000',
    };
    const port = await freePort();
    const api = await startApi(settings, port);
    cleanups.push(async () => api.kill());
    const url = `http://127.0.0.1:${port}/graphql`;
    const recorder = await startRecordedApi(settings);
    cleanups.push(() => recorder.close());
    const staff = { authorization: `Bearer ${await identity.sign()}` };

    started = performance.now();
    const reads = await staffReads(client, count, now);
    const rows: Row[] = [];
    let exportMemory = '';
    for (const read of reads) {
      let timed: Timed[];
      if (read.kind === 'export') {
        const measured = await peakResidentMemory(api.pid!, () => repeat(RUNS, () => timedRequest(url, read.query, read.variables, staff)));
        timed = measured.result;
        const [before, peak] = [measured.before.toFixed(0), measured.peak.toFixed(0)];
        exportMemory = `the API's resident memory ${before} MiB before the exports, ${peak} MiB at most`;
      } else {
        await timedRequest(url, read.query, read.variables, staff);
        timed = await repeat(RUNS, () => timedRequest(url, read.query, read.variables, staff));
      }
      const statements = await recorder.capture(() => timedRequest(recorder.url, read.query, read.variables, staff));
      rows.push(row(read.name, timed, await explainOrSay(client, statements), GOALS[read.kind as keyof typeof GOALS]));
    }
    rows.push(...(await repeatLookup(client, url, recorder)));
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);

    console.log(`\nStaff reads at ${count} leads (${RUNS} runs each after one to warm up; ms over GraphQL/HTTP; ${minutes} min)\n`);
    console.log('| read | answer | leads | median ms | worst ms | PostgreSQL ms | contact_request read by |');
    console.log('| --- | --- | --: | --: | --: | --: | --- |');
    for (const { read, answer, rows: leads, median: mid, worst, goal, plan } of rows) {
      const over = goal !== undefined && mid > goal ? ` ✗ (goal ${goal})` : '';
      const scans = plan.seqScan ? `**SEQ SCAN** ${plan.scans}` : plan.scans;
      console.log(
        `| ${read} | ${answer} | ${leads} | ${mid.toFixed(1)}${over} | ${worst.toFixed(1)} | ${plan.executionMs.toFixed(1)} | ${scans} |`,
      );
    }
    console.log(`\nCSV export: ${exportMemory}`);
    const misses = rows.filter(({ goal, median: mid }) => goal !== undefined && mid > goal).length;
    const scans = rows.filter(({ plan }) => plan.seqScan).length;
    console.log(`${misses} read(s) over their goal; ${scans} read(s) with a sequential scan of contact_request`);
  } finally {
    await cleanUp();
  }
}

function row(read: string, timed: Timed[], plan: PlanSummary, goal?: number): Row {
  const answers = [...new Set(timed.map(({ answer }) => answer))];
  const counted = [...new Set(timed.map(({ rows }) => rows ?? '–'))];
  const ms = timed.map((time) => time.ms);
  return { read, answer: answers.join(', '), rows: counted.join(', '), median: median(ms), worst: Math.max(...ms), goal, plan };
}

/** The plan, or why there is none: one read's plan failing does not end the run. */
function explainOrSay(client: Client, statements: Statement[]): Promise<PlanSummary> {
  return explain(client, statements).catch((error: Error) => ({
    scans: `(not explained: ${error.message})`,
    seqScan: false,
    executionMs: NaN,
  }));
}

async function repeat<T>(runs: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run < runs; run++) results.push(await work());
  return results;
}

/**
 * A visitor's submission as the prospect of a lead of ten days ago (same address, same agency): timed whole over
 * GraphQL (its proof solved beforehand), and its repeat lookup alone, the statement run again on the bench's
 * connection with the parameters the API gave it.
 */
async function repeatLookup(client: Client, url: string, recorder: RecordedApi): Promise<Row[]> {
  const { rows } = await client.query<{ agencyName: string; email: string }>(
    `SELECT agency_name AS "agencyName", email FROM contact_request
     WHERE received_at < now() - interval '10 days' AND NOT is_spam ORDER BY received_at DESC LIMIT 1`,
  );
  const prospect = rows[0]!;
  const submit = async (target: string) => {
    const altcha = await solve(await fetchChallenge(target));
    const variables = { input: contactInput({ ...prospect, requestId: randomUUID(), altcha }) };
    return timedRequest(target, SUBMIT_CONTACT_REQUEST, variables, {});
  };
  await submit(url);
  const submissions = await repeat(RUNS, () => submit(url));
  const statements = await recorder.capture(() => submit(recorder.url));
  const lookup = statements.filter(({ text }) => /lower\(email\)/.test(text));
  const alone = await repeat(RUNS + 1, async () => {
    const started = performance.now();
    await client.query(lookup[0]!.text, lookup[0]!.values);
    return { ms: performance.now() - started, answer: 'ok' };
  });
  const plan = await explainOrSay(client, lookup);
  return [
    row("a submission's repeat lookup (the statement alone)", alone.slice(1), plan, GOALS.lookup),
    row('a submission (submitContactRequest), whole', submissions, await explainOrSay(client, statements)),
  ];
}

/** The API in its own process, as in production, on `port`. */
async function startApi(settings: Record<string, string>, port: number): Promise<ChildProcess> {
  const api = spawn(process.execPath, [path.join(API_ROOT, 'dist/src/main.js')], {
    env: { ...process.env, ...settings, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined);
    if (ready?.ok) return api;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  api.kill();
  throw new Error('The API did not become ready');
}

type RecordedApi = Awaited<ReturnType<typeof startRecordedApi>>;

/** A second API, in this process, whose database pool records the statements a request sends. */
async function startRecordedApi(settings: Record<string, string>) {
  const app = await createApp(loadConfig(settings), { logs: false });
  const recorder = statementRecorder(app.get(PrismaService).pool);
  await app.listen(0, '127.0.0.1');
  const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`;
  return { url, capture: recorder.capture, close: () => app.close() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

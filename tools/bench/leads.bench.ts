/**
 * `npm run bench:leads`: the staff's reads of the leads at BENCH_LEADS leads (a million unless set). A database of
 * its own (api-process.ts), seeded with the leads by SQL (leads/seed.sql) and analysed. Each read (leads/reads.ts) is sent
 * as the staff page sends it, GraphQL over HTTP with a staff member's ID token, to the API in its own process: its
 * median and worst time over RUNS runs after one to warm up, the leads its answer counts, and how PostgreSQL read
 * contact_request for it (the statements a second API in this process sent for the same request, run again with
 * EXPLAIN ANALYZE). Then the export's resident memory in the API's process, and a visitor's submission with its repeat
 * lookup (the contact path's query for the prospect's earlier requests), timed whole and as that statement alone.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import {
  contactInput,
  createTestIdentity,
  fetchChallenge,
  postGraphql,
  QUICK_PROOF,
  serveKeySet,
  solve,
  SUBMIT_CONTACT_REQUEST,
  TEST_PROJECT_ID,
} from '@segmentia/testing';
import { loadToolsConfig } from '../src/common/config';
import { REPO_ROOT } from '../src/common/paths';
import { freePort } from '../src/common/ports';
import { scratchDatabase, startApiProcess, UNLIMITED } from './api-process';
import { median, onExit, runBench } from './common';
import { explain, type Plan, type RecordedApi, startRecordedApi } from './leads/plans';
import { staffReads } from './leads/reads';

const RUNS = 5;
/** The leads span two years, short of the retention period (LEAD_RETENTION_MONTHS, 24 by default). */
const DAYS = 720;
/** The goals, ms (docs/benchmarks.md): a list page, a filter or a search; the overview; a submission's repeat lookup. */
const GOALS: Record<string, number> = { list: 100, search: 100, overview: 200, lookup: 20 };

interface Timed {
  ms: number;
  /** `ok`, or the error's code (a refusal's field codes with it). */
  answer: string;
  /** The leads the answer counts: the list's totalCount, the overview's total, the CSV's lines. */
  rows?: number;
}

runBench(async () => {
  const count = loadToolsConfig().bench.leads;
  const databaseUrl = await scratchDatabase('segmentia_bench_leads');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  onExit(() => client.end());
  const now = new Date();
  let started = performance.now();
  await seedLeads(client, count, now);
  console.log(`\nseeded ${count} leads and their notifications in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const identity = await createTestIdentity();
  const keySet = await serveKeySet(identity.publicJwk);
  onExit(() => keySet.close());
  const settings = {
    DATABASE_URL: databaseUrl,
    // Outside production: only there may staff tokens come from a key set of the bench's own.
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    STAFF_ACCOUNT_CHECK_SECONDS: '0',
    METRICS_PORT: '0',
    ...QUICK_PROOF,
    ...UNLIMITED,
  };
  const port = await freePort();
  const api = await startApiProcess(settings, port);
  const url = `http://127.0.0.1:${port}/graphql`;
  const recorder = await startRecordedApi(settings);
  const staff = { authorization: `Bearer ${await identity.sign()}` };

  started = performance.now();
  const rows: Record<string, string | number>[] = [];
  let exportMemory = '';
  for (const read of await staffReads(client, count, now)) {
    const send = () => timed(url, read.query, read.variables, staff);
    if (read.kind !== 'export') await send();
    const memory = read.kind === 'export' ? watchMemory(api.child.pid!) : undefined;
    const times = await repeat(RUNS, send);
    if (memory) exportMemory = memory.stop();
    const statements = await recorder.capture((recorded) => timed(recorded, read.query, read.variables, staff));
    rows.push(row(read.name, times, await explain(client, statements), GOALS[read.kind]));
  }
  rows.push(...(await repeatLookup(client, url, recorder)));
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);

  // Markdown, as docs/benchmarks.md quotes it.
  console.log(`\nStaff reads at ${count} leads (${RUNS} runs each after one to warm up; ms over GraphQL/HTTP; ${minutes} min)\n`);
  const columns = Object.keys(rows[0]!);
  for (const cells of [columns, columns.map(() => '---'), ...rows.map((cells) => Object.values(cells))])
    console.log(`| ${cells.join(' | ')} |`);
  console.log(`\nCSV export: ${exportMemory}`);
  const misses = rows.filter((cells) => String(cells['median ms']).includes('✗')).length;
  const scans = rows.filter((cells) => String(cells['contact_request read by']).includes('SEQ SCAN')).length;
  console.log(`${misses} read(s) over their goal; ${scans} read(s) with a sequential scan of contact_request`);
});

/**
 * Seeds `count` leads received over DAYS days up to `now` (leads/seed.sql, a hundred thousand a statement), with their
 * outbox rows, then analyses both tables. The indexes that no constraint needs are dropped meanwhile and built again
 * as they were: one sorted build each instead of an insertion per row, a few minutes sooner at a million leads.
 */
async function seedLeads(client: Client, count: number, now: Date): Promise<void> {
  const insert = readFileSync(path.join(REPO_ROOT, 'tools/bench/leads/seed.sql'), 'utf8');
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT index.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
     FROM pg_index x JOIN pg_class index ON index.oid = x.indexrelid
     WHERE x.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT FROM pg_constraint WHERE conindid = x.indexrelid)`,
    [['contact_request', 'lead_notification']],
  );
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  await client.query('SELECT setseed(0.44)');
  for (let from = 1; from <= count; from += 100_000) {
    const to = Math.min(count, from + 99_999);
    await client.query(insert, [from, to, count, now, (DAYS * 86_400) / count]);
    process.stdout.write(`\rseeding: ${to} of ${count} leads`);
  }
  // The outbox: what a lead's arrival wrote (sales' webhook and email, the prospect's confirmation), all delivered.
  await client.query(`
    INSERT INTO lead_notification (id, lead_id, channel, created_at, attempts, next_attempt_at, delivered_at)
    SELECT gen_random_uuid(), id, channel, received_at, 1, received_at, received_at + interval '2 seconds'
    FROM contact_request, unnest(enum_range(NULL::"NotificationChannel")) AS channel
    WHERE NOT is_spam AND request_number = 1`);
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const { definition } of indexes) await client.query(definition);
  await client.query('VACUUM (ANALYZE) contact_request, lead_notification');
}

/** One GraphQL request, timed from its sending to its whole answer read. */
async function timed(url: string, query: string, variables: Record<string, unknown>, headers: Record<string, string>): Promise<Timed> {
  const started = performance.now();
  type Answer = { leads?: { totalCount: number }; leadInsights?: { total: number }; leadsCsv?: string };
  const { body } = await postGraphql<Answer>(url, query, variables, headers);
  const ms = performance.now() - started;
  const error = body.errors?.[0];
  if (error) {
    const fields = Object.values((error.extensions?.fieldErrors ?? {}) as Record<string, { code: string }[]>).flat();
    return { ms, answer: [error.extensions?.code ?? 'error', ...fields.map((field) => field.code)].join(' ') };
  }
  const data = body.data ?? {};
  return { ms, answer: 'ok', rows: data.leads?.totalCount ?? data.leadInsights?.total ?? data.leadsCsv?.split('\r\n').slice(2).length };
}

async function repeat<T>(runs: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run < runs; run++) results.push(await work());
  return results;
}

function row(read: string, times: Timed[], plan: Plan, goal?: number): Record<string, string | number> {
  const ms = times.map((time) => time.ms);
  const mid = median(ms);
  return {
    read,
    answer: [...new Set(times.map(({ answer }) => answer))].join(', '),
    leads: [...new Set(times.map(({ rows }) => rows ?? '–'))].join(', '),
    'median ms': `${mid.toFixed(1)}${goal !== undefined && mid > goal ? ` ✗ (goal ${goal})` : ''}`,
    'worst ms': Math.max(...ms).toFixed(1),
    'PostgreSQL ms': plan.executionMs.toFixed(1),
    'contact_request read by': plan.seqScan ? `**SEQ SCAN** ${plan.scans}` : plan.scans,
  };
}

/**
 * The highest resident memory of process `pid` from now until `stop` (Linux: /proc/<pid>/status, every 5 ms, and the
 * process's own high-water mark for a peak between two samples when it is a new one), in MiB.
 */
function watchMemory(pid: number): { stop(): string } {
  const memory = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { rss: mib('VmRSS'), highWater: mib('VmHWM') };
  };
  const before = memory();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory().rss)), 5);
  return {
    stop() {
      clearInterval(sampler);
      const after = memory();
      peak = Math.max(peak, after.rss, after.highWater > before.highWater ? after.highWater : 0);
      return `the API's resident memory ${before.rss.toFixed(0)} MiB before the exports, ${peak.toFixed(0)} MiB at most`;
    },
  };
}

/**
 * A visitor's submission as the prospect of a lead of ten days ago (same address, same agency): timed whole over
 * GraphQL (its proof solved beforehand), and its repeat lookup alone, the statement run again on the bench's
 * connection with the parameters the API gave it.
 */
async function repeatLookup(client: Client, url: string, recorder: RecordedApi) {
  const { rows } = await client.query<{ agencyName: string; email: string }>(
    `SELECT agency_name AS "agencyName", email FROM contact_request
     WHERE received_at < now() - interval '10 days' AND NOT is_spam ORDER BY received_at DESC LIMIT 1`,
  );
  const submit = async (target: string) => {
    const altcha = await solve(await fetchChallenge(target));
    return timed(target, SUBMIT_CONTACT_REQUEST, { input: contactInput({ ...rows[0], requestId: randomUUID(), altcha }) }, {});
  };
  await submit(url);
  const submissions = await repeat(RUNS, () => submit(url));
  const statements = await recorder.capture(submit);
  const lookup = statements.filter(({ text }) => /lower\(email\)/.test(text));
  const alone = await repeat(RUNS + 1, async () => {
    const started = performance.now();
    await client.query(lookup[0]!.text, lookup[0]!.values);
    return { ms: performance.now() - started, answer: 'ok' };
  });
  return [
    row("a submission's repeat lookup (the statement alone)", alone.slice(1), await explain(client, lookup), GOALS.lookup),
    row('a submission (submitContactRequest), whole', submissions, await explain(client, statements)),
  ];
}

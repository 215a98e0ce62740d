/**
 * `npm run bench:leads`'s plans: the SQL a read sends, recorded by a second API in the bench's process, and how
 * PostgreSQL runs it (EXPLAIN ANALYZE on the bench's own connection).
 */
import type { Client, PoolClient, QueryConfig } from 'pg';
import { createApp } from '@segmentia/api/app';
import { loadConfig } from '@segmentia/api/config';
import { PrismaService } from '@segmentia/api/database';
import { onExit } from '../common';

interface Statement {
  text: string;
  values: unknown[];
}
export type Plan = { scans: string; seqScan: boolean; executionMs: number };

/**
 * How PostgreSQL read contact_request for a request's statements: each read of it run again with EXPLAIN ANALYZE
 * (a cursor's query as the query it runs), under the settings the request gave its transaction (set_config: work_mem…)
 * but a minute to run; one that does not end within it is explained without running. A plan that cannot be had is said
 * so in the row rather than ending the run.
 */
export async function explain(client: Client, statements: Statement[]): Promise<Plan> {
  const scans = new Set<string>();
  let executionMs = 0;
  try {
    for (const { text, values } of statements) {
      if (/^\s*SELECT set_config\(/i.test(text)) {
        // (name, value) as parameters; the statement timeout, given either way, stays the minute above.
        if (values.length >= 2 && values[0] !== 'statement_timeout')
          await client.query('SELECT set_config($1, $2, false)', values.slice(0, 2));
        continue;
      }
      const read = text.replace(/^\s*DECLARE\s+\w+\s+(NO\s+SCROLL\s+)?CURSOR\s+FOR\s+/i, '');
      if (!/^\s*(SELECT|WITH)\b/i.test(read) || !/\bcontact_request\b/.test(read)) continue;
      await client.query("SET statement_timeout = '60s'");
      type Explained = { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }] };
      const explained = await client
        .query<Explained>(`EXPLAIN (ANALYZE, FORMAT JSON) ${read}`, values)
        .catch(() => client.query<Explained>(`EXPLAIN (FORMAT JSON) ${read}`, values));
      const [{ Plan: plan, 'Execution Time': ms = NaN }] = explained.rows[0]!['QUERY PLAN'];
      executionMs += ms;
      for (const scan of scansOf(plan)) scans.add(scan);
    }
  } catch (error) {
    return { scans: `(not explained: ${(error as Error).message})`, seqScan: false, executionMs: NaN };
  } finally {
    await client.query('RESET ALL');
  }
  const list = [...scans];
  return { scans: list.join(' + ') || '(none)', seqScan: list.some((scan) => scan.startsWith('Seq Scan')), executionMs };
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Scan Direction'?: string; Plans?: PlanNode[] };

function* scansOf(node: PlanNode): Generator<string> {
  if (node['Relation Name'] === 'contact_request') {
    const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    yield `${node['Node Type']}${backward}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`;
  } else if (node['Node Type'] === 'Bitmap Index Scan' && node['Index Name']?.startsWith('contact_request')) {
    yield `Bitmap Index Scan ${node['Index Name']}`;
  }
  for (const child of node.Plans ?? []) yield* scansOf(child);
}

export type RecordedApi = Awaited<ReturnType<typeof startRecordedApi>>;

/** A second API, in this process, whose database pool's clients note the statements they send while `capture` runs. */
export async function startRecordedApi(settings: Record<string, string>) {
  const app = await createApp(loadConfig(settings), { logs: false });
  onExit(() => app.close());
  let recording: Statement[] | undefined;
  const patched = new WeakSet<PoolClient>();
  app.get(PrismaService).pool.on('acquire', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: string | QueryConfig, values?: unknown[], ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      recording?.push({ text, values: (typeof config === 'string' ? values : config.values) ?? [] });
      return query(config, values, ...rest);
    };
  });
  await app.listen(0, '127.0.0.1');
  const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`;
  return {
    async capture(work: (url: string) => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await work(url);
        return recording;
      } finally {
        recording = undefined;
      }
    },
  };
}

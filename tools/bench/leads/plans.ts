/**
 * The SQL a read sends, and PostgreSQL's plan of it: the API's pool records the statements its clients run while a
 * read is captured, and each statement that reads contact_request is explained (EXPLAIN ANALYZE, with the same
 * parameters) on a connection of the bench's own.
 */
import type { Client, Pool, PoolClient, QueryConfig } from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

/** Records what `pool`'s clients run while `capture` runs its work. */
export function statementRecorder(pool: Pool) {
  let recording: Statement[] | undefined;
  const patched = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: string | QueryConfig, values?: unknown[], ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      recording?.push({ text, values: (typeof config === 'string' ? values : config.values) ?? [] });
      return query(config, values, ...rest);
    };
  });
  return {
    async capture(work: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = undefined;
      }
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  /** How contact_request is read, e.g. "Index Scan contact_request_received_at_id_idx + Index Only Scan …". */
  scans: string;
  seqScan: boolean;
  /** What PostgreSQL spent executing the statements (EXPLAIN ANALYZE), ms. */
  executionMs: number;
}

/** A cursor's query, explained as the query it runs. */
const CURSOR = /^\s*DECLARE\s+\w+\s+(NO\s+SCROLL\s+)?CURSOR\s+FOR\s+/i;

/** The statements of a read that read contact_request (not its writes, not the transaction's own). */
export const readsOfLeads = (statements: Statement[]) =>
  statements
    .map(({ text, values }) => ({ text: text.replace(CURSOR, ''), values }))
    .filter(({ text }) => /^\s*(SELECT|WITH)\b/i.test(text) && /\bcontact_request\b/.test(text));

/**
 * Each read of contact_request among `statements` explained in turn, with the settings the read gave its transaction
 * (set_config: work_mem…) but a minute to run; one that does not end within it is explained without running it.
 */
export async function explain(database: Client, statements: Statement[]): Promise<PlanSummary> {
  const scans = new Set<string>();
  let executionMs = 0;
  for (const { text, values } of statements) {
    if (/^\s*SELECT set_config\(/i.test(text)) {
      // (name, value) as parameters; the statement timeout, given either way, stays the minute above.
      if (values.length >= 2 && values[0] !== 'statement_timeout')
        await database.query('SELECT set_config($1, $2, false)', values.slice(0, 2));
      continue;
    }
    const [read] = readsOfLeads([{ text, values }]);
    if (!read) continue;
    await database.query("SET statement_timeout = '60s'");
    type Explained = { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time'?: number }] };
    const analysed = await database
      .query<Explained>(`EXPLAIN (ANALYZE, FORMAT JSON) ${read.text}`, read.values)
      .catch(() => database.query<Explained>(`EXPLAIN (FORMAT JSON) ${read.text}`, read.values));
    const [{ Plan, 'Execution Time': ms = Number.NaN }] = analysed.rows[0]!['QUERY PLAN'];
    executionMs += ms;
    for (const scan of scansOf(Plan)) scans.add(scan);
  }
  await database.query('RESET ALL');
  const list = [...scans];
  return { scans: list.join(' + ') || '(none)', seqScan: list.some((scan) => scan.startsWith('Seq Scan')), executionMs };
}

function* scansOf(node: PlanNode): Generator<string> {
  if (node['Relation Name'] === 'contact_request') {
    const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    yield `${node['Node Type']}${backward}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`;
  } else if (node['Node Type'] === 'Bitmap Index Scan' && node['Index Name']?.startsWith('contact_request')) {
    yield `Bitmap Index Scan ${node['Index Name']}`;
  }
  for (const child of node.Plans ?? []) yield* scansOf(child);
}

import type { AppConfig } from '../common/config/app-config';
import { queryTimeout } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';

/** The staff reads that grow with the leads, by the query's field, and how the error names each. */
const READS = { leads: 'The list of leads', leadInsights: 'The overview', leadsCsv: 'The CSV export' } as const;
export type StaffRead = keyof typeof READS;

/**
 * The share of DATABASE_TIMEOUT_MS a staff read may run before PostgreSQL stops it: its answer (SQLSTATE 57014) must
 * reach the API before the pool's own wait ends, which would mean a database that does not answer at all, also on a
 * busy machine, where the statement may start late; half leaves the reads many times what they need.
 */
const READ_SHARE = 0.5;

const limitOf = (config: AppConfig) => Math.floor(config.DATABASE_TIMEOUT_MS * READ_SHARE);

/**
 * Runs a staff read in a transaction whose statements PostgreSQL stops at the read's time limit (statement_timeout,
 * local to it; `settings` adds others, such as work_mem): a read stopped there comes back to sales as QUERY_TIMEOUT
 * naming it, never as SERVICE_UNAVAILABLE, which says the database cannot be reached.
 */
export async function staffRead<T>(
  prisma: PrismaService,
  config: AppConfig,
  read: StaffRead,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  settings: Record<string, string> = {},
): Promise<T> {
  const local = Object.entries({ statement_timeout: `${limitOf(config)}ms`, ...settings });
  try {
    return await prisma.$transaction(
      async (tx) => {
        for (const [name, value] of local) await tx.$executeRaw`SELECT set_config(${name}, ${value}, true)`;
        return work(tx);
      },
      { maxWait: config.DATABASE_TIMEOUT_MS, timeout: config.DATABASE_TIMEOUT_MS * 3 },
    );
  } catch (error) {
    throw stoppedByDatabase(error) ? stopped(read, config) : error;
  }
}

/**
 * A staff read of many rows, streamed: `query`'s rows come `batch` at a time from a cursor (one statement, one
 * snapshot, each fetch within the read's time limit) and go to `each` before the next are fetched. Prisma cannot hold a
 * cursor, so this one read takes a connection of the pool itself. How many rows were read.
 */
export async function staffReadCursor<Row>(
  prisma: PrismaService,
  config: AppConfig,
  read: StaffRead,
  { query, batch, each }: { query: Prisma.Sql; batch: number; each: (rows: Row[]) => void },
): Promise<number> {
  const client = await prisma.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SELECT set_config('statement_timeout', $1, true)`, [`${limitOf(config)}ms`]);
    await client.query(`DECLARE staff_read NO SCROLL CURSOR FOR ${query.text}`, query.values);
    let count = 0;
    let rows: Row[];
    do {
      rows = (await client.query(`FETCH ${batch} FROM staff_read`)).rows as Row[];
      each(rows);
      count += rows.length;
    } while (rows.length === batch);
    await client.query('COMMIT');
    return count;
  } catch (error) {
    await client.query('ROLLBACK').catch((failure: Error) => (broken = failure));
    throw stoppedByDatabase(error) ? stopped(read, config) : error;
  } finally {
    client.release(broken);
  }
}

function stopped(read: StaffRead, config: AppConfig) {
  const limitMs = limitOf(config);
  const seconds = (limitMs / 1000).toLocaleString('en', { maximumFractionDigits: 2 });
  // Worded without "timeout": the last word on errors (createFormatError) reads that as a database out of reach.
  const message = `${READS[read]} (${read}) took longer than ${seconds} s and the database stopped it: narrow the filter, or try again`;
  return queryTimeout(read, message, limitMs);
}

/** SQLSTATE 57014 (query_canceled), wherever Prisma, its pg adapter or pg itself put the driver's code. */
function stoppedByDatabase(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, originalCode, cause, meta } = error as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: unknown };
  if (originalCode === '57014' || code === '57014') return true;
  const adapterError = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  return [cause, meta, adapterError].some((inner) => stoppedByDatabase(inner, depth + 1));
}

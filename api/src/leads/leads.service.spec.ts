import type { GraphQLError } from 'graphql';
import type { AppConfig } from '../common/config/app-config';
import type { Prisma } from '../generated/prisma/client';
import { ErasureReason, Interest, LeadStatus, StaffActionKind } from '../generated/prisma/enums';
import { stubPrisma } from '../prisma/testing';
import type { Identity } from './auth/firebase-token-verifier';
import { encodeCursor } from './cursor';
import { CsvSeparator, LeadOrder } from './dto/leads.args';
import type { Group } from './lead-insights';
import { CSV_MAX_ROWS, LEAD_FIELDS, LeadsService } from './leads.service';
import { TOTAL_COUNT_LIMIT } from './models/lead.model';

const STAFF = { uid: 'staff-1', email: 'ventas@segmentia.test' } as Identity;
const CONFIG = { DATABASE_TIMEOUT_MS: 2000 } as AppConfig;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A lead as the service reads it (LEAD_FIELDS; null those a test does not need), received `n` hours before 18 March 2026, 12:00. */
function row(n: number, fields: Record<string, unknown> = {}) {
  return {
    ...Object.fromEntries(Object.keys(LEAD_FIELDS).map((field) => [field, null])),
    id: uuid(n),
    receivedAt: new Date(Date.UTC(2026, 2, 18, 12) - n * 3_600_000),
    status: LeadStatus.NEW,
    agencyName: `Agencia ${n}`,
    interest: Interest.SOLUTIONS,
    country: 'ES',
    fitScore: 50,
    fitReasons: [{ rule: 'agencySize', value: 'FROM_5M_TO_10M', points: 20, maxPoints: 25 }],
    requestedAudiences: [],
    ...fields,
  };
}

type Row = ReturnType<typeof row>;
type Database = Partial<{
  rows: Row[];
  count: number;
  groups: Partial<Group>[];
  updated: number;
  deleted: number;
  failure: unknown;
  fetchFailure: unknown;
}>;

/**
 * The service over a stand-in database: its raw reads answer the ids of `rows` (a page, after the cursor's position in
 * `rows` when the SQL has one), `count` (capped as the SQL asks) or the overview's `groups`; its models answer `rows`
 * by id. The SQL itself runs end to end in api/test; here, what the service asks for and does with the answers. What
 * staff did is recorded in `actions`.
 */
function setUp({ rows = [], count = rows.length, groups = [], updated = 1, deleted = 1, failure, fetchFailure }: Database = {}) {
  const actions: Record<string, unknown>[] = [];
  const reads: Prisma.Sql[] = [];
  const recorder = () => ({ create: jest.fn(async ({ data }: { data: Record<string, unknown> }) => actions.push(data)) });
  const $queryRaw = jest.fn(async (sql: Prisma.Sql) => {
    if (failure) throw failure;
    reads.push(sql);
    if (sql.sql.includes('GROUPING SETS')) return groups;
    const limit = Number(sql.values.at(-1));
    if (sql.sql.includes('count(*)')) return [{ count: Math.min(count, limit) }];
    const after = rows.findIndex((item) => sql.values.includes(item.id));
    return rows.slice(after + 1, after + 1 + limit).map(({ id }) => ({ id }));
  });
  const contactRequest = {
    findMany: jest.fn(async ({ where }: { where: { id: { in: string[] } } }) => rows.filter((item) => where.id.in.includes(item.id))),
    findUnique: jest.fn(async ({ where }: { where: { id: string } }) => rows.find((item) => item.id === where.id) ?? null),
  };
  const tx = {
    $queryRaw,
    $executeRaw: jest.fn(async () => 1),
    staffAction: recorder(),
    contactRequest: {
      ...contactRequest,
      updateMany: jest.fn(async (_args: { where: unknown; data: Record<string, unknown> }) => ({ count: updated })),
      deleteMany: jest.fn(async (_args: { where: unknown }) => ({ count: deleted })),
    },
    leadErasure: {
      create: jest.fn(async ({ data }: { data: Record<string, unknown> }) => ({ id: 'erasure-1', erasedAt: new Date(), data })),
    },
  };
  // The export's own connection: its statements in `statements`, a cursor over `rows` (as the CSV's columns).
  const statements: { text: string; values?: unknown[] }[] = [];
  let fetched = 0;
  const client = {
    query: jest.fn(async (text: string, values?: unknown[]) => {
      statements.push({ text, values });
      const size = /^FETCH (\d+)/.exec(text)?.[1];
      if (!size) return { rows: [] };
      if (fetchFailure) throw fetchFailure;
      const batch = rows.slice(fetched, fetched + Number(size)).map((item) => ({ ...item, repeatOf: null }));
      fetched += batch.length;
      return { rows: batch };
    }),
    release: jest.fn(),
  };
  const pool = { connect: jest.fn(async () => client) };
  const prisma = Object.assign(stubPrisma({ contactRequest, staffAction: recorder() }, tx), { pool });
  const service = new LeadsService(prisma, CONFIG);
  return { service, reads, tx, actions, statements, pool, client };
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: GraphQLError) => error.extensions);

describe('LeadsService.list', () => {
  it('reads one lead more than the page to know whether another follows, and records the page with its count', async () => {
    const rows = [row(1), row(2), row(3)];
    const { service, reads, actions } = setUp({ rows, count: 7 });
    const page = await service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(page.edges.map((edge) => edge.node.id)).toEqual([uuid(1), uuid(2)]);
    expect({ total: page.totalCount, precision: page.totalCountPrecision }).toEqual({ total: 7, precision: 'EXACT' });
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: encodeCursor(rows[1]!, LeadOrder.NEWEST) });
    const [pageRead] = reads.filter((read) => read.sql.startsWith('SELECT id'));
    expect(pageRead!.sql).toMatch(/WHERE TRUE ORDER BY received_at DESC, id DESC LIMIT \?$/);
    expect(pageRead!.values).toEqual([3]);
    expect(actions).toEqual([{ kind: StaffActionKind.LIST, staffUid: 'staff-1', staffEmail: 'ventas@segmentia.test', count: 2 }]);
  });

  it('ends the list on a page that is short or exactly full, and answers an empty one with no cursor', async () => {
    const last = await setUp({ rows: [row(1)] }).service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(last.pageInfo).toEqual({ hasNextPage: false, endCursor: encodeCursor(row(1), LeadOrder.NEWEST) });
    const full = await setUp({ rows: [row(1), row(2)] }).service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(full.pageInfo).toEqual({ hasNextPage: false, endCursor: encodeCursor(row(2), LeadOrder.NEWEST) });
    const empty = await setUp().service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(empty).toEqual({ edges: [], totalCount: 0, totalCountPrecision: 'EXACT', pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('continues after a cursor in the best-fit order, and counts the filtered list with the same filter', async () => {
    const { service, reads } = setUp({ rows: [row(5, { fitScore: 40 })] });
    const after = encodeCursor({ ...row(4), fitScore: 60 }, LeadOrder.BEST_FIT);
    const page = await service.list({ first: 1, after, orderBy: LeadOrder.BEST_FIT, filter: { status: LeadStatus.NEW } }, STAFF);
    expect(page.edges[0]!.cursor).toBe(encodeCursor(row(5, { fitScore: 40 }), LeadOrder.BEST_FIT));
    const [pageRead, countRead] = [reads.find((read) => read.sql.startsWith('SELECT id'))!, reads.find((read) => /count/.test(read.sql))!];
    expect(pageRead.sql).toContain(
      'WHERE status = ?::"LeadStatus" AND (fit_score, received_at, id) < (?, ?, ?::uuid) ' +
        'ORDER BY fit_score DESC, received_at DESC, id DESC',
    );
    expect(pageRead.values).toEqual([LeadStatus.NEW, 60, row(4).receivedAt, uuid(4), 2]);
    expect(countRead.sql).toContain('WHERE status = ?::"LeadStatus" LIMIT ?');
    expect(countRead.values).toEqual([LeadStatus.NEW, TOTAL_COUNT_LIMIT + 1]);
  });

  it(`stops counting past ${TOTAL_COUNT_LIMIT} leads and says so`, async () => {
    const page = await setUp({ rows: [row(1)], count: 1_000_000 }).service.list({ first: 1, orderBy: LeadOrder.NEWEST }, STAFF);
    expect({ total: page.totalCount, precision: page.totalCountPrecision }).toEqual({ total: TOTAL_COUNT_LIMIT, precision: 'AT_LEAST' });
  });

  it('refuses a cursor of the other order before reading anything', async () => {
    const { service, reads, actions } = setUp({ rows: [row(1)] });
    const after = encodeCursor(row(1), LeadOrder.NEWEST);
    expect(await refusalOf(service.list({ first: 1, after, orderBy: LeadOrder.BEST_FIT }, STAFF))).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { after: [{ code: 'isCursor' }] },
    });
    expect(reads).toEqual([]);
    expect(actions).toEqual([]);
  });

  it('answers QUERY_TIMEOUT naming the read when the database stops it, and passes any other failure on', async () => {
    const stopped = Object.assign(new Error('canceling statement due to statement timeout'), { cause: { originalCode: '57014' } });
    const refusal = await refusalOf(setUp({ failure: stopped }).service.list({ first: 1, orderBy: LeadOrder.NEWEST }, STAFF));
    expect(refusal).toEqual({ code: 'QUERY_TIMEOUT', read: 'leads', limitMs: 1000 });
    const down = new Error('Connection terminated unexpectedly');
    await expect(setUp({ failure: down }).service.list({ first: 1, orderBy: LeadOrder.NEWEST }, STAFF)).rejects.toBe(down);
  });
});

describe('LeadsService: one lead', () => {
  it('opens a lead with its reasons, recording the view; an unknown id is NOT_FOUND and recorded nowhere', async () => {
    const { service, actions } = setUp({ rows: [row(1)] });
    await expect(service.view(uuid(1), STAFF)).resolves.toMatchObject({ id: uuid(1), fitReasons: [{ rule: 'agencySize' }] });
    expect(actions).toEqual([expect.objectContaining({ kind: StaffActionKind.VIEW, leadId: uuid(1) })]);
    expect(await refusalOf(service.view(uuid(9), STAFF))).toEqual({ code: 'NOT_FOUND' });
    expect(actions).toHaveLength(1);
  });

  it('moves a lead on and records who did it in the same transaction; a lead gone meanwhile is NOT_FOUND', async () => {
    const { service, tx, actions } = setUp({ rows: [row(1, { status: LeadStatus.CONTACTED })] });
    await expect(service.updateStatus(uuid(1), LeadStatus.CONTACTED, STAFF)).resolves.toMatchObject({ status: LeadStatus.CONTACTED });
    const update = { where: { id: uuid(1) }, data: { status: LeadStatus.CONTACTED, statusUpdatedAt: expect.any(Date) } };
    expect(tx.contactRequest.updateMany).toHaveBeenCalledWith(update);
    expect(tx.staffAction.create).toHaveBeenCalledTimes(1);
    expect(actions).toEqual([expect.objectContaining({ kind: StaffActionKind.STATUS, leadId: uuid(1), status: LeadStatus.CONTACTED })]);

    const gone = setUp({ updated: 0 });
    expect(await refusalOf(gone.service.updateStatus(uuid(1), LeadStatus.SPAM, STAFF))).toEqual({ code: 'NOT_FOUND' });
    expect(gone.actions).toEqual([]);
  });

  it('erases a lead into the ledger, naming the staff member; a lead already gone is NOT_FOUND, with no ledger row', async () => {
    const { service, tx, actions } = setUp();
    await expect(service.erase(uuid(1), STAFF)).resolves.toMatchObject({ id: 'erasure-1' });
    expect(tx.contactRequest.deleteMany).toHaveBeenCalledWith({ where: { id: { in: [uuid(1)] } } });
    const ledger = {
      reason: ErasureReason.REQUEST,
      count: 1,
      erasedBy: 'staff-1',
      leadIds: [uuid(1)],
      objectionCount: 0,
      objectionIds: [],
    };
    expect(tx.leadErasure.create.mock.calls[0]![0].data).toEqual(ledger);
    expect(actions).toEqual([expect.objectContaining({ kind: StaffActionKind.ERASE, erasureId: 'erasure-1' })]);
    expect(tx.staffAction.create).toHaveBeenCalledTimes(1);

    const gone = setUp({ deleted: 0 });
    expect(await refusalOf(gone.service.erase(uuid(1), STAFF))).toEqual({ code: 'NOT_FOUND' });
    expect(gone.tx.leadErasure.create).not.toHaveBeenCalled();
  });
});

describe('LeadsService.insights', () => {
  /** Wednesday 18 March 2026: its week began on Monday the 16th. */
  const NOW = new Date('2026-03-18T12:00:00Z');

  it('asks PostgreSQL for the counts of every lead of the period, however many, with the hash memory they may need', async () => {
    const { service, reads, tx } = setUp({ count: 1_000_000 });
    await service.insights({}, NOW);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.sql).not.toMatch(/LIMIT/);
    expect(reads[0]!.values).toContainEqual(new Date('2025-12-29T00:00:00Z'));
    expect(tx.$executeRaw.mock.calls.map((call) => (call as unknown[]).slice(1))).toEqual([
      ['statement_timeout', '1000ms'],
      ['work_mem', '16MB'],
    ]);
  });
});

describe('LeadsService.csv', () => {
  it('exports the filtered leads newest first with the chosen separator, and records the export with its count', async () => {
    const { service, statements, actions } = setUp({ rows: [row(1), row(2, { agencyName: '=HYPERLINK("x")' })] });
    const csv = await service.csv({ search: 'agencia' }, CsvSeparator.SEMICOLON, STAFF);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Received \(UTC\);Status;Agency;/);
    expect(lines.slice(1, 3).map((line) => line.split(';')[2])).toEqual(['Agencia 1', `"'=HYPERLINK(""x"")"`]);
    const cursor = statements.find(({ text }) => text.startsWith('DECLARE'))!;
    expect(cursor.text).toMatch(/^DECLARE staff_read NO SCROLL CURSOR FOR SELECT received_at AS "receivedAt", status AS "status", /);
    expect(cursor.text).toMatch(/repeat_of_id AS "repeatOf".* ILIKE \$1 ORDER BY received_at DESC, id DESC LIMIT \$2$/);
    expect(cursor.values).toEqual(['%agencia%', CSV_MAX_ROWS]);
    expect(actions).toEqual([expect.objectContaining({ kind: StaffActionKind.EXPORT, count: 2 })]);
  });

  it('streams the leads from one cursor a thousand at a time, in one read-only transaction, one header and byte order mark', async () => {
    const rows = Array.from({ length: 2_500 }, (_, index) => row(index + 1));
    const { service, statements, client, actions } = setUp({ rows });
    const csv = await service.csv(undefined, CsvSeparator.COMMA, STAFF);
    expect(statements.map(({ text }) => text.split(' ')[0])).toEqual(['BEGIN', 'SELECT', 'DECLARE', 'FETCH', 'FETCH', 'FETCH', 'COMMIT']);
    expect(statements[1]!.values).toEqual(['1000ms']);
    expect(statements[3]!.text).toBe('FETCH 1000 FROM staff_read');
    expect(csv.match(/\uFEFF/g)).toHaveLength(1);
    expect(csv.match(/Received \(UTC\)/g)).toHaveLength(1);
    expect(csv.split('\r\n')).toHaveLength(2_502);
    expect(client.release).toHaveBeenCalledWith(undefined);
    expect(actions).toEqual([expect.objectContaining({ kind: StaffActionKind.EXPORT, count: 2_500 })]);
  });

  it(`refuses a CSV of more than ${CSV_MAX_ROWS} leads before reading them, asking for a narrower filter`, async () => {
    const { service, pool, actions } = setUp({ rows: [row(1)], count: CSV_MAX_ROWS + 1 });
    expect(await refusalOf(service.csv(undefined, CsvSeparator.COMMA, STAFF))).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        filter: [
          { code: 'maxRows', message: `filter: more than ${CSV_MAX_ROWS} leads match; narrow the filter to ${CSV_MAX_ROWS} or fewer` },
        ],
      },
    });
    expect(pool.connect).not.toHaveBeenCalled();
    expect(actions).toEqual([]);
    await expect(setUp({ rows: [row(1)], count: CSV_MAX_ROWS }).service.csv(undefined, CsvSeparator.COMMA, STAFF)).resolves.toBeDefined();
  });

  it('answers QUERY_TIMEOUT when the database stops a fetch, rolls back and gives the connection back', async () => {
    const { service, statements, client, actions } = setUp({
      rows: [row(1)],
      fetchFailure: Object.assign(new Error('canceled'), { code: '57014' }),
    });
    expect(await refusalOf(service.csv(undefined, CsvSeparator.COMMA, STAFF))).toEqual({
      code: 'QUERY_TIMEOUT',
      read: 'leadsCsv',
      limitMs: 1000,
    });
    expect(statements.at(-1)!.text).toBe('ROLLBACK');
    expect(client.release).toHaveBeenCalledWith(undefined);
    expect(actions).toEqual([]);
  });
});

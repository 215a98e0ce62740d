import type { GraphQLError } from 'graphql';
import { ErasureReason, Interest, LeadStatus, StaffActionKind } from '../generated/prisma/enums';
import { stubPrisma } from '../prisma/testing';
import type { Identity } from './auth/firebase-token-verifier';
import { encodeCursor } from './cursor';
import { CsvSeparator, LeadOrder, type LeadsFilter } from './dto/leads.args';
import { CSV_MAX_ROWS, INSIGHT_TOP, INSIGHT_WEEKS, LEAD_FIELDS, LeadsService } from './leads.service';

const STAFF = { uid: 'staff-1', email: 'ventas@segmentia.test' } as Identity;
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
type Database = Partial<{ rows: Row[]; count: number; updated: number; deleted: number }>;

/**
 * The service over a stand-in database holding `rows` (answered to every read, whatever its filter: the filters
 * themselves are checked as the `where` the service builds; the SQL is tested end to end in api/test), a transaction
 * apart from the client (each with its own staffAction), and what staff did recorded in `actions`.
 */
function setUp({ rows = [], count = rows.length, updated = 1, deleted = 1 }: Database = {}) {
  const actions: Record<string, unknown>[] = [];
  const recorder = () => ({ create: jest.fn(async ({ data }: { data: Record<string, unknown> }) => actions.push(data)) });
  const contactRequest = {
    findMany: jest.fn(async (_args: { where?: unknown; take?: number; orderBy?: unknown; select?: unknown }) => rows),
    findUnique: jest.fn(async ({ where }: { where: { id: string } }) => rows.find((item) => item.id === where.id) ?? null),
    count: jest.fn(async (_args: { where?: unknown }) => count),
  };
  const tx = {
    staffAction: recorder(),
    contactRequest: {
      updateMany: jest.fn(async (_args: { where: unknown; data: Record<string, unknown> }) => ({ count: updated })),
      deleteMany: jest.fn(async (_args: { where: unknown }) => ({ count: deleted })),
    },
    leadErasure: {
      create: jest.fn(async ({ data }: { data: Record<string, unknown> }) => ({ id: 'erasure-1', erasedAt: new Date(), data })),
    },
  };
  const service = new LeadsService(stubPrisma({ contactRequest, staffAction: recorder() }, tx));
  return { service, contactRequest, tx, actions };
}

const refusalOf = (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: GraphQLError) => error.extensions);

describe('LeadsService.list', () => {
  it('reads one lead more than the page to know whether another follows, and records the page with its count', async () => {
    const rows = [row(1), row(2), row(3)];
    const { service, contactRequest, actions } = setUp({ rows, count: 7 });
    const page = await service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(page.edges.map((edge) => edge.node.id)).toEqual([uuid(1), uuid(2)]);
    expect(page.totalCount).toBe(7);
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: encodeCursor(rows[1]!, LeadOrder.NEWEST) });
    const read = { take: 3, orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }], select: LEAD_FIELDS };
    expect(contactRequest.findMany.mock.calls[0]![0]).toMatchObject(read);
    expect(actions).toEqual([{ kind: StaffActionKind.LIST, staffUid: 'staff-1', staffEmail: 'ventas@segmentia.test', count: 2 }]);
  });

  it('ends the list on a page that is short or exactly full, and answers an empty one with no cursor', async () => {
    const last = await setUp({ rows: [row(1)] }).service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(last.pageInfo).toEqual({ hasNextPage: false, endCursor: encodeCursor(row(1), LeadOrder.NEWEST) });
    const full = await setUp({ rows: [row(1), row(2)] }).service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(full.pageInfo).toEqual({ hasNextPage: false, endCursor: encodeCursor(row(2), LeadOrder.NEWEST) });
    const empty = await setUp().service.list({ first: 2, orderBy: LeadOrder.NEWEST }, STAFF);
    expect(empty).toEqual({ edges: [], totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('continues after a cursor in the best-fit order, and counts the whole filtered list', async () => {
    const { service, contactRequest } = setUp({ rows: [row(5, { fitScore: 40 })] });
    const after = encodeCursor({ ...row(4), fitScore: 60 }, LeadOrder.BEST_FIT);
    const page = await service.list({ first: 1, after, orderBy: LeadOrder.BEST_FIT, filter: { status: LeadStatus.NEW } }, STAFF);
    expect(page.edges[0]!.cursor).toBe(encodeCursor(row(5, { fitScore: 40 }), LeadOrder.BEST_FIT));
    const { where, orderBy } = contactRequest.findMany.mock.calls[0]![0];
    expect(orderBy).toEqual([{ fitScore: 'desc' }, { receivedAt: 'desc' }, { id: 'desc' }]);
    expect(where).toEqual({
      AND: [
        { status: LeadStatus.NEW, AND: [] },
        {
          OR: [
            { fitScore: { lt: 60 } },
            { fitScore: 60, OR: [{ receivedAt: { lt: row(4).receivedAt } }, { receivedAt: row(4).receivedAt, id: { lt: uuid(4) } }] },
          ],
        },
      ],
    });
    expect(contactRequest.count).toHaveBeenCalledWith({ where: { status: LeadStatus.NEW, AND: [] } });
  });

  it('refuses a cursor of the other order before reading anything', async () => {
    const { service, contactRequest, actions } = setUp({ rows: [row(1)] });
    const after = encodeCursor(row(1), LeadOrder.NEWEST);
    expect(await refusalOf(service.list({ first: 1, after, orderBy: LeadOrder.BEST_FIT }, STAFF))).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { after: [{ code: 'isCursor' }] },
    });
    expect(contactRequest.findMany).not.toHaveBeenCalled();
    expect(actions).toEqual([]);
  });

  it('narrows by every field of the filter; a search matches LIKE’s own characters literally, in any case', async () => {
    const { service, contactRequest } = setUp();
    const filter: LeadsFilter = {
      receivedFrom: new Date('2026-03-01T00:00:00Z'),
      receivedTo: new Date('2026-03-08T00:00:00Z'),
      status: LeadStatus.QUALIFIED,
      interest: Interest.SOLUTIONS,
      locale: 'DE' as LeadsFilter['locale'],
      minFitScore: 70,
      search: '50%_off\\',
      source: 'linkedin',
    };
    await service.list({ first: 10, orderBy: LeadOrder.NEWEST, filter }, STAFF);
    const insensitive = (contains: string) => ({ contains, mode: 'insensitive' });
    expect(contactRequest.count).toHaveBeenCalledWith({
      where: {
        receivedAt: { gte: filter.receivedFrom, lt: filter.receivedTo },
        status: LeadStatus.QUALIFIED,
        interest: Interest.SOLUTIONS,
        locale: 'DE',
        fitScore: { gte: 70 },
        AND: [
          { OR: ['agencyName', 'contactName', 'email'].map((field) => ({ [field]: insensitive('50\\%\\_off\\\\') })) },
          { OR: ['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'].map((field) => ({ [field]: insensitive('linkedin') })) },
        ],
      },
    });
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
    const ledger = { reason: ErasureReason.REQUEST, count: 1, erasedBy: 'staff-1', leadIds: [uuid(1)] };
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
  const WEEK = 7 * 24;

  it('counts twelve weeks by status, Monday to Monday, every status in each, ending with the week of `now`', async () => {
    const rows = [
      row(1, { status: LeadStatus.NEW }),
      row(2, { status: LeadStatus.SPAM }),
      row(WEEK, { status: LeadStatus.QUALIFIED }),
      row(11 * WEEK, { status: LeadStatus.NEW }),
    ];
    const { service, contactRequest } = setUp({ rows });
    const insights = await service.insights({}, NOW);
    const firstMonday = new Date('2025-12-29T00:00:00Z');
    expect(insights.weeks).toHaveLength(INSIGHT_WEEKS);
    expect(insights.weeks[0]!.weekStart).toEqual(firstMonday);
    expect(insights.weeks.at(-1)!.weekStart).toEqual(new Date('2026-03-16T00:00:00Z'));
    expect(insights.weeks.map((week) => week.total)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    const lastWeek = Object.fromEntries(insights.weeks.at(-1)!.byStatus.map(({ status, count }) => [status, count]));
    expect(lastWeek).toEqual({ NEW: 1, CONTACTED: 0, DEMO_SENT: 0, QUALIFIED: 0, DISQUALIFIED: 0, SPAM: 1 });
    expect({ from: insights.from, to: insights.to, total: insights.total }).toEqual({ from: firstMonday, to: NOW, total: 4 });
    const where = { AND: [{ AND: [] }, { receivedAt: { gte: firstMonday, lt: NOW } }] };
    expect(contactRequest.findMany.mock.calls[0]![0].where).toEqual(where);
  });

  it('reads from the filter’s first day when it is before the twelve weeks, still charting those weeks', async () => {
    const from = new Date('2025-10-01T00:00:00Z');
    const { service, contactRequest } = setUp({ rows: [row(1), row(150 * 24)] });
    const insights = await service.insights({ receivedFrom: from, status: LeadStatus.NEW }, NOW);
    expect({ from: insights.from, total: insights.total, weeks: insights.weeks.length }).toEqual({ from, total: 2, weeks: INSIGHT_WEEKS });
    expect(insights.weeks.reduce((sum, week) => sum + week.total, 0)).toBe(1);
    const { where } = contactRequest.findMany.mock.calls[0]![0] as { where: { AND: unknown[] } };
    expect(where.AND[1]).toEqual({ receivedAt: { gte: from, lt: NOW } });
  });

  it('tops the period’s sources and countries (most first, ties by name, none last), and its interests', async () => {
    const from = new Date('2026-03-01T00:00:00Z');
    const campaign = { utmSource: 'newsletter', utmMedium: 'email' };
    const rows = [
      ...[1, 2, 3].map((n) => row(n, campaign)),
      ...[4, 5].map((n) => row(n, { referrerHost: 'www.linkedin.com', country: 'DE' })),
      row(6, { referrerHost: 'a.example', country: null, interest: Interest.TECHNOLOGICAL_TRANSFORMATION }),
      row(7, { country: 'AT' }),
      ...[8, 9, 10, 11, 12].map((n) => row(n, { referrerHost: `site${n}.example`, country: `C${n}` })),
      // Before the period: counted in its week, not in the tops.
      row(40 * 24, { utmSource: 'old' }),
    ];
    const { service, contactRequest } = setUp({ rows });
    const insights = await service.insights({ receivedFrom: from }, NOW);
    // The chart's twelve weeks are read whole, the period's days inside them.
    const { where } = contactRequest.findMany.mock.calls[0]![0] as { where: { AND: unknown[] } };
    expect(where.AND[1]).toEqual({ receivedAt: { gte: new Date('2025-12-29T00:00:00Z'), lt: NOW } });
    expect(insights.total).toBe(12);
    expect(insights.sources).toHaveLength(INSIGHT_TOP);
    expect(insights.sources.slice(0, 4)).toEqual([
      { value: 'newsletter / email', count: 3 },
      { value: 'www.linkedin.com', count: 2 },
      { value: 'a.example', count: 1 },
      { value: 'site10.example', count: 1 },
    ]);
    expect(insights.countries.slice(0, 3)).toEqual([
      { value: 'ES', count: 3 },
      { value: 'DE', count: 2 },
      { value: 'AT', count: 1 },
    ]);
    expect(insights.interests).toEqual([
      { interest: Interest.SOLUTIONS, count: 11 },
      { interest: Interest.TECHNOLOGICAL_TRANSFORMATION, count: 1 },
    ]);
    expect(insights.weeks.reduce((sum, week) => sum + week.total, 0)).toBe(13);
  });

  it('puts leads with no source or country after every named one', async () => {
    const rows = [row(1), row(2), row(3, { referrerHost: 'z.example', country: null })];
    const insights = await setUp({ rows }).service.insights({}, NOW);
    expect(insights.sources).toEqual([
      { value: null, count: 2 },
      { value: 'z.example', count: 1 },
    ]);
    const tied = await setUp({ rows: [row(1), row(3, { referrerHost: 'z.example', country: null })] }).service.insights({}, NOW);
    expect(tied.sources).toEqual([
      { value: 'z.example', count: 1 },
      { value: null, count: 1 },
    ]);
    expect(tied.countries).toEqual([
      { value: 'ES', count: 1 },
      { value: null, count: 1 },
    ]);
  });
});

describe('LeadsService.csv', () => {
  it('exports the filtered leads newest first with the chosen separator, and records the export with its count', async () => {
    const { service, contactRequest, actions } = setUp({ rows: [row(1), row(2, { agencyName: '=HYPERLINK("x")' })] });
    const csv = await service.csv({ search: 'agencia' }, CsvSeparator.SEMICOLON, STAFF);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Received \(UTC\);Status;Agency;/);
    expect(lines.slice(1, 3).map((line) => line.split(';')[2])).toEqual(['Agencia 1', `"'=HYPERLINK(""x"")"`]);
    expect(contactRequest.findMany.mock.calls[0]![0].orderBy).toEqual([{ receivedAt: 'desc' }, { id: 'desc' }]);
    expect(actions).toEqual([expect.objectContaining({ kind: StaffActionKind.EXPORT, count: 2 })]);
  });

  it.each([
    ['the CSV', (service: LeadsService) => service.csv(undefined, CsvSeparator.COMMA, STAFF)],
    ['the overview', (service: LeadsService) => service.insights({})],
  ])('refuses %s over CSV_MAX_ROWS leads before reading them, asking for a narrower filter', async (_what, read) => {
    const { service, contactRequest, actions } = setUp({ rows: [row(1)], count: CSV_MAX_ROWS + 1 });
    expect(await refusalOf(read(service))).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { filter: [{ code: 'maxRows' }] } });
    expect(contactRequest.findMany).not.toHaveBeenCalled();
    expect(actions).toEqual([]);
    const atMost = setUp({ rows: [row(1)], count: CSV_MAX_ROWS });
    await expect(read(atMost.service)).resolves.toBeDefined();
  });
});

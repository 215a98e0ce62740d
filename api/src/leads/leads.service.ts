import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { badUserInput, notFound } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import { ErasureReason, StaffActionKind } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import type { Identity } from './auth/firebase-token-verifier';
import type { CsvSeparator, LeadsArgs, LeadsFilter } from './dto/leads.args';
import { CSV_SELECT, type CsvLead, leadsCsv } from './lead-csv';
import { decodeCursor, encodeCursor } from './cursor';
import { type Group, insightsOf, insightsSql } from './lead-insights';
import { countSql, exportSql, pageSql } from './lead-sql';
import type { LeadInsights } from './models/lead-insights.model';
import {
  CountPrecision,
  type Lead,
  type LeadConnection,
  type LeadErasureReceipt,
  type LeadStatus,
  TOTAL_COUNT_LIMIT,
  withTypedJson,
} from './models/lead.model';
import type { StaffAction } from './models/staff-action.model';
import { staffRead, staffReadCursor } from './staff-reads';
import { recordStaffAction, staffActionsOf } from './staff-actions';

export const LEAD_FIELDS = {
  id: true,
  receivedAt: true,
  status: true,
  statusUpdatedAt: true,
  locale: true,
  agencyName: true,
  agencyType: true,
  agencySize: true,
  advertiserCount: true,
  contactName: true,
  email: true,
  freeEmail: true,
  phone: true,
  position: true,
  decisionRole: true,
  interest: true,
  message: true,
  pagePath: true,
  landingPage: true,
  referrerHost: true,
  utmSource: true,
  utmMedium: true,
  utmCampaign: true,
  utmTerm: true,
  utmContent: true,
  gclid: true,
  country: true,
  fitScore: true,
  fitReasons: true,
  repeatOf: { select: { id: true, receivedAt: true } },
  requestNumber: true,
  requestedAudiences: true,
  termsVersion: true,
  termsAcceptedAt: true,
} satisfies Prisma.ContactRequestSelect;

type LeadRow = Prisma.ContactRequestGetPayload<{ select: typeof LEAD_FIELDS }>;

/** The reasons are stored as written by fitOf (a JSON column). */
const toLead = (row: LeadRow): Lead => withTypedJson(row);

/** More than a salesperson's spreadsheet needs; a narrower filter exports the rest. */
export const CSV_MAX_ROWS = 50_000;
/** The CSV reads its leads this many at a time: only one batch of rows is held while the text grows. */
const CSV_BATCH = 1_000;

/**
 * Staff's reading and working of leads. Callers are checked by StaffGuard; what each of them reads, exports, changes
 * and erases is recorded with their account (staff_action): a page of the list and an export as one action each
 * with how many leads, never which. The reads that grow with the leads (the list, its count, the overview, the CSV)
 * select by SQL (lead-sql.ts) that an index answers, each within its time limit (staffRead).
 */
@Injectable()
export class LeadsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
  ) {}

  async list({ filter, first, after, orderBy }: LeadsArgs, staff: Identity): Promise<LeadConnection> {
    const cursor = after ? decodeCursor(after, orderBy) : undefined;
    const [rows, counted] = await Promise.all([
      staffRead(this.prisma, this.config, 'leads', (tx) => leadsIn(tx, pageSql(filter, orderBy, first + 1, cursor))),
      staffRead(this.prisma, this.config, 'leads', (tx) => tx.$queryRaw<[{ count: number }]>(countSql(filter, TOTAL_COUNT_LIMIT + 1))),
    ]);
    const total = counted[0].count;
    const edges = rows.slice(0, first).map((row) => ({ node: toLead(row), cursor: encodeCursor(row, orderBy) }));
    await recordStaffAction(this.prisma, staff, StaffActionKind.LIST, { count: edges.length });
    return {
      edges,
      totalCount: Math.min(total, TOTAL_COUNT_LIMIT),
      totalCountPrecision: total > TOTAL_COUNT_LIMIT ? CountPrecision.AT_LEAST : CountPrecision.EXACT,
      pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  /** One lead, as staff open it: the view is recorded. */
  async view(id: string, staff: Identity): Promise<Lead> {
    const lead = await this.get(id);
    if (!lead) throw leadNotFound(id);
    await recordStaffAction(this.prisma, staff, StaffActionKind.VIEW, { leadId: id });
    return lead;
  }

  private async get(id: string): Promise<Lead | null> {
    const row = await this.prisma.contactRequest.findUnique({ select: LEAD_FIELDS, where: { id } });
    return row && toLead(row);
  }

  /** What staff did with a lead, newest first. */
  activity(leadId: string, first: number): Promise<StaffAction[]> {
    return staffActionsOf(this.prisma, leadId, first);
  }

  /** The new status and who gave it, in one transaction; to SPAM, that account is who marked the lead as spam. */
  async updateStatus(id: string, status: LeadStatus, staff: Identity): Promise<Lead> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.contactRequest.updateMany({ where: { id }, data: { status, statusUpdatedAt: new Date() } });
      if (!count) throw leadNotFound(id);
      await recordStaffAction(tx, staff, StaffActionKind.STATUS, { leadId: id, status });
    });
    const lead = await this.get(id);
    if (!lead) throw leadNotFound(id);
    return lead;
  }

  /**
   * GDPR erasure: the lead and its notifications go (the outbox rows cascade);
   * what stays is that an erasure happened, when, which staff member did it, and the lead's random id (no personal
   * data once the row is gone), which the backups' erasure ledger keeps to erase it again after a restore. The lead's
   * own staff actions go with it; the erasure's is recorded apart, naming the erasure.
   */
  async erase(id: string, staff: Identity): Promise<LeadErasureReceipt> {
    return this.prisma.$transaction(async (tx) => {
      const erasure = await eraseRequested(tx, [id], staff.uid);
      if (!erasure) throw leadNotFound(id);
      await recordStaffAction(tx, staff, StaffActionKind.ERASE, { erasureId: erasure.id });
      return erasure;
    });
  }

  /**
   * The overview of the filtered leads (lead-insights.ts), however many: PostgreSQL counts them and answers the
   * counts. Its grouping sets are hashed, which the planner chooses when the counts may take a few megabytes.
   */
  async insights(filter: LeadsFilter = {}, now = new Date()): Promise<LeadInsights> {
    const groups = await staffRead(this.prisma, this.config, 'leadInsights', (tx) => tx.$queryRaw<Group[]>(insightsSql(filter, now)), {
      work_mem: '16MB',
    });
    return insightsOf(groups, filter, now);
  }

  /**
   * The filtered leads as CSV for a spreadsheet (leadsCsv), newest first; the export is recorded, with how many. The
   * leads stream from a cursor a batch at a time, each batch written out before the next is read: only the text grows.
   */
  async csv(filter: LeadsFilter | undefined, separator: CsvSeparator, staff: Identity): Promise<string> {
    const [{ count }] = await staffRead(this.prisma, this.config, 'leadsCsv', (tx) =>
      tx.$queryRaw<[{ count: number }]>(countSql(filter, CSV_MAX_ROWS + 1)),
    );
    refuseOverMaxRows(count);
    const parts: string[] = [];
    const exported = await staffReadCursor<CsvLead>(this.prisma, this.config, 'leadsCsv', {
      query: exportSql(filter, CSV_SELECT, CSV_MAX_ROWS),
      batch: CSV_BATCH,
      each: (leads) => parts.push(leadsCsv(leads, separator, { header: !parts.length })),
    });
    await recordStaffAction(this.prisma, staff, StaffActionKind.EXPORT, { count: exported });
    return parts.join('');
  }
}

/** The leads of a page's ids, in the page's order, with every field staff read. */
async function leadsIn(tx: Prisma.TransactionClient, page: Prisma.Sql): Promise<LeadRow[]> {
  const ids = (await tx.$queryRaw<{ id: string }[]>(page)).map(({ id }) => id);
  if (!ids.length) return [];
  const rows = await tx.contactRequest.findMany({ select: LEAD_FIELDS, where: { id: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** More leads than one export should hold: the filter is to be narrowed. */
function refuseOverMaxRows(count: number): void {
  if (count <= CSV_MAX_ROWS) return;
  throw badUserInput({
    filter: [{ code: 'maxRows', message: `filter: more than ${CSV_MAX_ROWS} leads match; narrow the filter to ${CSV_MAX_ROWS} or fewer` }],
  });
}

/**
 * The one path of an erasure someone asked for (staff's eraseLead, the privacy centre's eraseMyRequestData): the leads
 * and their notifications go, and the erasure ledger (lead_erasure, reason REQUEST) records when, by whom (a staff uid,
 * or DATA_SUBJECT) and the leads' ids, which the backups' ledger copies to erase them again after a restore. The
 * privacy centre's erasure also erases the address's written objections, counted and named in the same record. Null
 * when none of these leads and objections was left to erase.
 */
export async function eraseRequested(
  tx: Prisma.TransactionClient,
  ids: string[],
  erasedBy: string,
  objectionIds: string[] = [],
): Promise<(LeadErasureReceipt & { count: number; objectionCount: number }) | null> {
  const { count } = await tx.contactRequest.deleteMany({ where: { id: { in: ids } } });
  const objections = objectionIds.length ? (await tx.audienceObjection.deleteMany({ where: { id: { in: objectionIds } } })).count : 0;
  if (!count && !objections) return null;
  return tx.leadErasure.create({
    data: { reason: ErasureReason.REQUEST, count, erasedBy, leadIds: ids, objectionCount: objections, objectionIds },
    select: { id: true, erasedAt: true, count: true, objectionCount: true },
  });
}

/** lead_erasure.erased_by of an erasure the person whose leads they were did themselves (the privacy centre). */
export const DATA_SUBJECT = 'data-subject';

export const leadNotFound = (id: string) => notFound(`No lead with id ${id}: it may have been erased`);

import { Injectable } from '@nestjs/common';
import { badUserInput, notFound } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import { ErasureReason, StaffActionKind } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import type { Identity } from './auth/firebase-token-verifier';
import { type CsvSeparator, LeadOrder, type LeadsArgs, type LeadsFilter } from './dto/leads.args';
import { leadSource } from './attribution';
import { leadsCsv } from './lead-csv';
import { decodeCursor, encodeCursor, following } from './cursor';
import type { LeadInsights } from './models/lead-insights.model';
import { type Lead, type LeadConnection, type LeadErasureReceipt, LeadStatus, withTypedJson } from './models/lead.model';
import type { StaffAction } from './models/staff-action.model';
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

/** Newest first; the id breaks ties between leads of the same millisecond. */
const NEWEST_FIRST: Prisma.ContactRequestOrderByWithRelationInput[] = [{ receivedAt: 'desc' }, { id: 'desc' }];
const ORDERS: Record<LeadOrder, Prisma.ContactRequestOrderByWithRelationInput[]> = {
  [LeadOrder.NEWEST]: NEWEST_FIRST,
  [LeadOrder.BEST_FIT]: [{ fitScore: 'desc' }, ...NEWEST_FIRST],
};

/** More than a salesperson's spreadsheet needs; a narrower filter exports the rest. */
export const CSV_MAX_ROWS = 50_000;

/** The overview's weekly chart: this many weeks, Monday to Monday (UTC). */
export const INSIGHT_WEEKS = 12;
/** The overview's tops: this many sources and countries. */
export const INSIGHT_TOP = 6;
const WEEK_MS = 7 * 86_400_000;

/**
 * Staff's reading and working of leads. Callers are checked by StaffGuard; what each of them reads, exports, changes
 * and erases is recorded with their account (staff_action): a page of the list and an export as one action each
 * with how many leads, never which.
 */
@Injectable()
export class LeadsService {
  constructor(private readonly prisma: PrismaService) {}

  async list({ filter, first, after, orderBy }: LeadsArgs, staff: Identity): Promise<LeadConnection> {
    const where = whereOf(filter);
    const cursor = after ? decodeCursor(after, orderBy) : undefined;
    const [rows, totalCount] = await Promise.all([
      this.prisma.contactRequest.findMany({
        select: LEAD_FIELDS,
        where: cursor ? { AND: [where, following(cursor)] } : where,
        orderBy: ORDERS[orderBy],
        take: first + 1,
      }),
      this.prisma.contactRequest.count({ where }),
    ]);
    const edges = rows.slice(0, first).map((row) => ({ node: toLead(row), cursor: encodeCursor(row, orderBy) }));
    await recordStaffAction(this.prisma, staff, StaffActionKind.LIST, { count: edges.length });
    return { edges, totalCount, pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null } };
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
   * The overview of the filtered leads: per week for the twelve weeks that
   * end with the period (by status), and the most frequent sources,
   * interests and countries of the period (the filter's days, else those
   * twelve weeks). Counted here from one read of the leads' few columns: a
   * B2B site's leads are thousands, not millions (more than CSV_MAX_ROWS asks
   * for a narrower filter, as the CSV does).
   */
  async insights(filter: LeadsFilter = {}, now = new Date()): Promise<LeadInsights> {
    const to = filter.receivedTo ?? now;
    const lastWeek = mondayOf(new Date(to.getTime() - 1));
    const firstWeek = new Date(lastWeek.getTime() - (INSIGHT_WEEKS - 1) * WEEK_MS);
    const from = filter.receivedFrom ?? firstWeek;
    const since = from < firstWeek ? from : firstWeek;
    const where: Prisma.ContactRequestWhereInput = { AND: [whereOf(filter), { receivedAt: { gte: since, lt: to } }] };
    const total = await this.prisma.contactRequest.count({ where });
    refuseOverMaxRows(total);
    const rows = await this.prisma.contactRequest.findMany({
      where,
      select: { receivedAt: true, status: true, interest: true, country: true, utmSource: true, utmMedium: true, referrerHost: true },
    });
    const weeks = Array.from({ length: INSIGHT_WEEKS }, (_, index) => ({
      weekStart: new Date(firstWeek.getTime() + index * WEEK_MS),
      counts: new Map(Object.values(LeadStatus).map((status) => [status, 0])),
    }));
    const inPeriod = rows.filter((row) => row.receivedAt >= from);
    for (const row of rows) {
      const week = weeks[Math.floor((row.receivedAt.getTime() - firstWeek.getTime()) / WEEK_MS)];
      week?.counts.set(row.status, week.counts.get(row.status)! + 1);
    }
    return {
      from,
      to,
      total: inPeriod.length,
      weeks: weeks.map(({ weekStart, counts }) => ({
        weekStart,
        total: [...counts.values()].reduce((sum, count) => sum + count, 0),
        byStatus: [...counts].map(([status, count]) => ({ status, count })),
      })),
      sources: countBy(inPeriod, leadSource).slice(0, INSIGHT_TOP),
      interests: countBy(inPeriod, (row) => row.interest).map(({ value, count }) => ({ interest: value!, count })),
      countries: countBy(inPeriod, (row) => row.country).slice(0, INSIGHT_TOP),
    };
  }

  /**
   * The filtered leads as CSV for a spreadsheet (leadsCsv), newest first; the export is recorded, with how many.
   */
  async csv(filter: LeadsFilter | undefined, separator: CsvSeparator, staff: Identity): Promise<string> {
    const where = whereOf(filter);
    const total = await this.prisma.contactRequest.count({ where });
    refuseOverMaxRows(total);
    const rows = await this.prisma.contactRequest.findMany({ select: LEAD_FIELDS, where, orderBy: NEWEST_FIRST });
    await recordStaffAction(this.prisma, staff, StaffActionKind.EXPORT, { count: rows.length });
    return leadsCsv(rows.map(toLead), separator);
  }
}

function whereOf(filter: LeadsFilter = {}): Prisma.ContactRequestWhereInput {
  const { receivedFrom, receivedTo, status, interest, locale, search, source, minFitScore } = filter;
  // Prisma passes % and _ through to LIKE: they are escaped to match themselves.
  const containing = (text: string) => ({ contains: text.replace(/[\\%_]/g, '\\$&'), mode: 'insensitive' as const });
  return {
    ...(receivedFrom || receivedTo ? { receivedAt: { gte: receivedFrom, lt: receivedTo } } : {}),
    ...(status ? { status } : {}),
    ...(interest ? { interest } : {}),
    ...(locale ? { locale } : {}),
    ...(minFitScore ? { fitScore: { gte: minFitScore } } : {}),
    AND: [
      ...(search ? [{ OR: (['agencyName', 'contactName', 'email'] as const).map((field) => ({ [field]: containing(search) })) }] : []),
      ...(source
        ? [{ OR: (['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const).map((field) => ({ [field]: containing(source) })) }]
        : []),
    ],
  };
}

/** 00:00 UTC of the Monday of that instant's week. */
function mondayOf(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

/** How many rows share each value, most first (ties in the value's order, null last). */
function countBy<Row, Value extends string | null>(rows: Row[], valueOf: (row: Row) => Value): { value: Value; count: number }[] {
  const counts = new Map<Value, number>();
  for (const row of rows) counts.set(valueOf(row), (counts.get(valueOf(row)) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value ?? '\uffff').localeCompare(b.value ?? '\uffff'));
}

/** More leads than one read should hold: the filter is to be narrowed. */
function refuseOverMaxRows(total: number): void {
  if (total <= CSV_MAX_ROWS) return;
  throw badUserInput({
    filter: [{ code: 'maxRows', message: `filter: ${total} leads match; narrow the filter to ${CSV_MAX_ROWS} or fewer` }],
  });
}

/**
 * The one path of an erasure someone asked for (staff's eraseLead, the privacy centre's eraseMyRequestData): the leads
 * and their notifications go, and the erasure ledger (lead_erasure, reason REQUEST) records when, by whom (a staff uid,
 * or DATA_SUBJECT) and the leads' ids, which the backups' ledger copies to erase them again after a restore. Null when
 * none of these leads was left to erase.
 */
export async function eraseRequested(tx: Prisma.TransactionClient, ids: string[], erasedBy: string): Promise<LeadErasureReceipt | null> {
  const { count } = await tx.contactRequest.deleteMany({ where: { id: { in: ids } } });
  if (!count) return null;
  return tx.leadErasure.create({
    data: { reason: ErasureReason.REQUEST, count, erasedBy, leadIds: ids },
    select: { id: true, erasedAt: true },
  });
}

/** lead_erasure.erased_by of an erasure the person whose leads they were did themselves (the privacy centre). */
export const DATA_SUBJECT = 'data-subject';

export const leadNotFound = (id: string) => notFound(`No lead with id ${id}: it may have been erased`);

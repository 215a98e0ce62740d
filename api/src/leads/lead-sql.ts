/**
 * What the staff's filter and orders mean in SQL: one place, read by the list, its count, the CSV and the overview.
 * Each condition is one an index of contact_request answers (the migration that made them says which): the search
 * and the source are found by trigram indexes, the orders and the cursor by range scans of btree indexes.
 */
import { Prisma } from '../generated/prisma/client';
import { LeadOrder, type LeadsFilter } from './dto/leads.args';
import type { Cursor } from './cursor';

/** `text` anywhere, any case; LIKE's own characters (%, _ and the escape) match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The leads the filter keeps, as a condition on contact_request's columns (TRUE: every lead). */
export function leadFilterSql(filter: LeadsFilter = {}): Prisma.Sql {
  const { receivedFrom, receivedTo, status, interest, locale, search, source, minFitScore } = filter;
  const conditions = [
    receivedFrom && Prisma.sql`received_at >= ${receivedFrom}`,
    receivedTo && Prisma.sql`received_at < ${receivedTo}`,
    status && Prisma.sql`status = ${status}::"LeadStatus"`,
    interest && Prisma.sql`interest = ${interest}::"Interest"`,
    locale && Prisma.sql`locale = ${locale}::"Locale"`,
    minFitScore && Prisma.sql`fit_score >= ${minFitScore}`,
    // The agency, the contact's name or the email (lead_search_text joins them, a line apart: a search is one line).
    search && Prisma.sql`lead_search_text(agency_name, contact_name, email) ILIKE ${containing(search)}`,
    source && Prisma.sql`lead_source_text(utm_source, utm_medium, utm_campaign, referrer_host) ILIKE ${containing(source)}`,
  ].filter((condition): condition is Prisma.Sql => Boolean(condition));
  return conditions.length ? Prisma.join(conditions, ' AND ') : Prisma.sql`TRUE`;
}

/** Each order's columns, the id last: two leads of the same millisecond (and score) still have their places. */
export const ORDER_SQL: Record<LeadOrder, Prisma.Sql> = {
  [LeadOrder.NEWEST]: Prisma.sql`received_at DESC, id DESC`,
  [LeadOrder.BEST_FIT]: Prisma.sql`fit_score DESC, received_at DESC, id DESC`,
};

/** The leads after the cursor's in `order`: one row comparison, which the order's index reads as a range. */
export function afterSql({ fitScore, receivedAt, id }: Cursor, order: LeadOrder): Prisma.Sql {
  return order === LeadOrder.BEST_FIT
    ? Prisma.sql`(fit_score, received_at, id) < (${fitScore}, ${receivedAt}, ${id}::uuid)`
    : Prisma.sql`(received_at, id) < (${receivedAt}, ${id}::uuid)`;
}

/** The ids of a page of leads in `order`: at most `limit`, after `cursor` when given. */
export function pageSql(filter: LeadsFilter | undefined, order: LeadOrder, limit: number, cursor?: Cursor): Prisma.Sql {
  const after = cursor ? Prisma.sql` AND ${afterSql(cursor, order)}` : Prisma.empty;
  return Prisma.sql`SELECT id FROM contact_request WHERE ${leadFilterSql(filter)}${after} ORDER BY ${ORDER_SQL[order]} LIMIT ${limit}`;
}

/** How many leads the filter keeps, counted up to `limit`: the count stops there, whatever the filter. */
export const countSql = (filter: LeadsFilter | undefined, limit: number): Prisma.Sql =>
  Prisma.sql`SELECT count(*)::int AS count FROM (SELECT FROM contact_request WHERE ${leadFilterSql(filter)} LIMIT ${limit}) AS matched`;

/** `columns` of the filtered leads, newest first, at most `limit`: what an export reads. */
export const exportSql = (filter: LeadsFilter | undefined, columns: Prisma.Sql, limit: number): Prisma.Sql =>
  Prisma.sql`SELECT ${columns} FROM contact_request WHERE ${leadFilterSql(filter)} ORDER BY ${ORDER_SQL[LeadOrder.NEWEST]} LIMIT ${limit}`;

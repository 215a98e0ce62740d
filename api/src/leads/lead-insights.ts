/**
 * The overview of the filtered leads, counted by PostgreSQL in one pass over the period (a range of the leads' date
 * index, which holds the columns counted): per week and status for the twelve weeks that end with the period, and
 * the period's sources, interests and countries. However many leads, only the counts come back.
 */
import { Prisma } from '../generated/prisma/client';
import type { Interest } from '../generated/prisma/enums';
import type { LeadsFilter } from './dto/leads.args';
import { leadSource } from './attribution';
import { leadFilterSql } from './lead-sql';
import type { LeadInsights } from './models/lead-insights.model';
import { LeadStatus } from './models/lead.model';

/** The overview's weekly chart: this many weeks, Monday to Monday (UTC). */
export const INSIGHT_WEEKS = 12;
/** The overview's tops: this many sources and countries. */
export const INSIGHT_TOP = 6;
const WEEK_MS = 7 * 86_400_000;

/** One count of the overview: a week's status, or in the period a source (as its columns), an interest or a country. */
export interface Group {
  kind: 'week' | 'source' | 'interest' | 'country';
  week: Date | null;
  status: LeadStatus | null;
  inPeriod: boolean | null;
  utmSource: string | null;
  utmMedium: string | null;
  referrerHost: string | null;
  interest: Interest | null;
  country: string | null;
  count: number;
}

/** The period is the filter's days (`to`: its end, else now); the chart the twelve weeks that end with the period's last. */
export function insightPeriod(filter: LeadsFilter, now: Date) {
  const to = filter.receivedTo ?? now;
  const lastWeek = mondayOf(new Date(to.getTime() - 1));
  const firstWeek = new Date(lastWeek.getTime() - (INSIGHT_WEEKS - 1) * WEEK_MS);
  const from = filter.receivedFrom ?? firstWeek;
  return { from, to, firstWeek, since: from < firstWeek ? from : firstWeek };
}

/** The counts, one statement: a grouping set each for the weeks, the sources, the interests and the countries. */
export function insightsSql(filter: LeadsFilter, now: Date): Prisma.Sql {
  const { from, to, firstWeek, since } = insightPeriod(filter, now);
  return Prisma.sql`
    SELECT CASE WHEN GROUPING(week) = 0 THEN 'week' WHEN GROUPING(interest) = 0 THEN 'interest'
        WHEN GROUPING(country) = 0 THEN 'country' ELSE 'source' END AS kind,
      week, status::text AS status, in_period AS "inPeriod", utm_source AS "utmSource", utm_medium AS "utmMedium",
      referrer_host AS "referrerHost", interest::text AS interest, country, count(*)::int AS count
    FROM (
      SELECT CASE WHEN received_at >= ${firstWeek} THEN date_bin('7 days', received_at, ${firstWeek}::timestamptz) END AS week,
        received_at >= ${from} AS in_period, status, interest, country, utm_source, utm_medium, referrer_host
      FROM contact_request
      WHERE ${leadFilterSql(filter)} AND received_at >= ${since} AND received_at < ${to}
    ) AS lead
    GROUP BY GROUPING SETS (
      (week, status), (in_period, utm_source, utm_medium, referrer_host), (in_period, interest), (in_period, country))`;
}

/** The overview from the counts: every week and status with its zeros, the tops most first (ties by name, none last). */
export function insightsOf(groups: Group[], filter: LeadsFilter, now: Date): LeadInsights {
  const { from, to, firstWeek } = insightPeriod(filter, now);
  const weeks = Array.from({ length: INSIGHT_WEEKS }, (_, index) => ({
    weekStart: new Date(firstWeek.getTime() + index * WEEK_MS),
    counts: new Map(Object.values(LeadStatus).map((status) => [status, 0])),
  }));
  const of = (kind: Group['kind']) => groups.filter((group) => group.kind === kind && (kind === 'week' || group.inPeriod));
  for (const { week, status, count } of of('week')) {
    const counts = week && weeks[Math.round((week.getTime() - firstWeek.getTime()) / WEEK_MS)]?.counts;
    if (counts && status) counts.set(status, counts.get(status)! + count);
  }
  const interests = top(of('interest').map((group) => [group.interest!, group.count]));
  return {
    from,
    to,
    total: interests.reduce((sum, { count }) => sum + count, 0),
    weeks: weeks.map(({ weekStart, counts }) => ({
      weekStart,
      total: [...counts.values()].reduce((sum, count) => sum + count, 0),
      byStatus: [...counts].map(([status, count]) => ({ status, count })),
    })),
    // The list's one-line source (leadSource) of each group's columns: several groups may share one.
    sources: top(of('source').map((group) => [leadSource(group), group.count])).slice(0, INSIGHT_TOP),
    interests: interests.map(({ value, count }) => ({ interest: value, count })),
    countries: top(of('country').map((group) => [group.country, group.count])).slice(0, INSIGHT_TOP),
  };
}

/** The counts of each value summed, most first (ties in the value's order, null last). */
function top<Value extends string | null>(counts: [Value, number][]): { value: Value; count: number }[] {
  const sums = new Map<Value, number>();
  for (const [value, count] of counts) sums.set(value, (sums.get(value) ?? 0) + count);
  return [...sums]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value ?? '\uffff').localeCompare(b.value ?? '\uffff'));
}

/** 00:00 UTC of the Monday of that instant's week. */
function mondayOf(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

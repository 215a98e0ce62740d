import { Interest, LeadStatus } from '../generated/prisma/enums';
import { type Group, INSIGHT_TOP, INSIGHT_WEEKS, insightPeriod, insightsOf, insightsSql } from './lead-insights';

/** Wednesday 18 March 2026: its week began on Monday the 16th. */
const NOW = new Date('2026-03-18T12:00:00Z');
const FIRST_MONDAY = new Date('2025-12-29T00:00:00Z');
const mondayAfter = (weeks: number) => new Date(FIRST_MONDAY.getTime() + weeks * 7 * 86_400_000);

const NONE = {
  week: null,
  status: null,
  inPeriod: null,
  utmSource: null,
  utmMedium: null,
  referrerHost: null,
  interest: null,
  country: null,
};
const week = (weeks: number, status: LeadStatus, count: number): Group => ({
  ...NONE,
  kind: 'week',
  week: mondayAfter(weeks),
  status,
  count,
});
const source = (fields: Partial<Group>, count: number, inPeriod = true): Group => ({ ...NONE, kind: 'source', inPeriod, ...fields, count });
const country = (code: string | null, count: number, inPeriod = true): Group => ({
  ...NONE,
  kind: 'country',
  country: code,
  inPeriod,
  count,
});
const interest = (value: Interest, count: number, inPeriod = true): Group => ({
  ...NONE,
  kind: 'interest',
  interest: value,
  inPeriod,
  count,
});

describe('the overview (insightsOf, insightsSql)', () => {
  it('counts twelve weeks by status, Monday to Monday, every status in each, ending with the week of `now`', () => {
    const groups = [
      week(11, LeadStatus.NEW, 1),
      week(11, LeadStatus.SPAM, 1),
      week(10, LeadStatus.QUALIFIED, 1),
      week(0, LeadStatus.NEW, 1),
      // Before the chart (a filter from an earlier day): in no week.
      { ...week(0, LeadStatus.NEW, 5), week: null },
      interest(Interest.SOLUTIONS, 4),
    ];
    const insights = insightsOf(groups, {}, NOW);
    expect(insights.weeks).toHaveLength(INSIGHT_WEEKS);
    expect(insights.weeks[0]!.weekStart).toEqual(FIRST_MONDAY);
    expect(insights.weeks.at(-1)!.weekStart).toEqual(new Date('2026-03-16T00:00:00Z'));
    expect(insights.weeks.map((item) => item.total)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    const lastWeek = Object.fromEntries(insights.weeks.at(-1)!.byStatus.map(({ status, count }) => [status, count]));
    expect(lastWeek).toEqual({ NEW: 1, CONTACTED: 0, DEMO_SENT: 0, QUALIFIED: 0, DISQUALIFIED: 0, SPAM: 1 });
    expect({ from: insights.from, to: insights.to, total: insights.total }).toEqual({ from: FIRST_MONDAY, to: NOW, total: 4 });
  });

  it('reads from the filter’s first day when it is before the twelve weeks, still charting those weeks', () => {
    const from = new Date('2025-10-01T00:00:00Z');
    expect(insightPeriod({ receivedFrom: from }, NOW)).toEqual({ from, to: NOW, firstWeek: FIRST_MONDAY, since: from });
    const sql = insightsSql({ receivedFrom: from, status: LeadStatus.NEW }, NOW);
    expect(sql.sql).toContain('WHERE received_at >= ? AND status = ?::"LeadStatus" AND received_at >= ? AND received_at < ?');
    expect(sql.values.slice(-2)).toEqual([from, NOW]);
    const later = new Date('2026-03-01T00:00:00Z');
    expect(insightPeriod({ receivedFrom: later }, NOW)).toMatchObject({ from: later, since: FIRST_MONDAY });
  });

  it('tops the period’s sources and countries (most first, ties by name, none last), and its interests', () => {
    const groups = [
      source({ utmSource: 'newsletter', utmMedium: 'email' }, 3),
      source({ referrerHost: 'www.linkedin.com' }, 2),
      // The same source from two groups: a campaign's referrer does not change its source.
      source({ utmSource: 'newsletter', utmMedium: 'email', referrerHost: 'mail.example' }, 1),
      source({ referrerHost: 'a.example' }, 1),
      ...[8, 9, 10, 11, 12].map((n) => source({ referrerHost: `site${n}.example` }, 1)),
      // Before the period: charted in its week, not in the tops.
      source({ utmSource: 'old' }, 9, false),
      country('ES', 3),
      country('DE', 2),
      country(null, 1),
      country('AT', 1),
      country('FR', 7, false),
      interest(Interest.SOLUTIONS, 11),
      interest(Interest.TECHNOLOGICAL_TRANSFORMATION, 1),
    ];
    const insights = insightsOf(groups, { receivedFrom: new Date('2026-03-01T00:00:00Z') }, NOW);
    expect(insights.total).toBe(12);
    expect(insights.sources).toHaveLength(INSIGHT_TOP);
    expect(insights.sources.slice(0, 4)).toEqual([
      { value: 'newsletter / email', count: 4 },
      { value: 'www.linkedin.com', count: 2 },
      { value: 'a.example', count: 1 },
      { value: 'site10.example', count: 1 },
    ]);
    expect(insights.countries).toEqual([
      { value: 'ES', count: 3 },
      { value: 'DE', count: 2 },
      { value: 'AT', count: 1 },
      { value: null, count: 1 },
    ]);
    expect(insights.interests).toEqual([
      { interest: Interest.SOLUTIONS, count: 11 },
      { interest: Interest.TECHNOLOGICAL_TRANSFORMATION, count: 1 },
    ]);
  });

  it('puts leads with no source or country after every named one, and counts none of them away', () => {
    const tied = insightsOf([source({}, 1), source({ referrerHost: 'z.example' }, 1)], {}, NOW);
    expect(tied.sources).toEqual([
      { value: 'z.example', count: 1 },
      { value: null, count: 1 },
    ]);
    const more = insightsOf([source({}, 2), source({ referrerHost: 'z.example' }, 1)], {}, NOW);
    expect(more.sources).toEqual([
      { value: null, count: 2 },
      { value: 'z.example', count: 1 },
    ]);
  });
});

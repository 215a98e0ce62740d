import { Interest, LeadStatus } from '../generated/prisma/enums';
import type { LeadsFilter } from './dto/leads.args';
import { countSql, leadFilterSql } from './lead-sql';

describe('leadFilterSql', () => {
  it('keeps every lead without a filter', () => {
    expect(leadFilterSql().sql).toBe('TRUE');
    expect(leadFilterSql({ minFitScore: 0 }).sql).toBe('TRUE');
  });

  it('narrows by every field of the filter; a search matches LIKE’s own characters literally, in any case', () => {
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
    const { sql, values } = leadFilterSql(filter);
    expect(sql).toBe(
      'received_at >= ? AND received_at < ? AND status = ?::"LeadStatus" AND interest = ?::"Interest" AND locale = ?::"Locale" ' +
        'AND fit_score >= ? AND lead_search_text(agency_name, contact_name, email) ILIKE ? ' +
        'AND lead_source_text(utm_source, utm_medium, utm_campaign, referrer_host) ILIKE ?',
    );
    expect(values).toEqual([filter.receivedFrom, filter.receivedTo, 'QUALIFIED', 'SOLUTIONS', 'DE', 70, '%50\\%\\_off\\\\%', '%linkedin%']);
  });

  it('counts up to a limit, whatever the filter', () => {
    const { sql, values } = countSql({ status: LeadStatus.NEW }, 10_001);
    expect(sql).toBe('SELECT count(*)::int AS count FROM (SELECT FROM contact_request WHERE status = ?::"LeadStatus" LIMIT ?) AS matched');
    expect(values).toEqual(['NEW', 10_001]);
  });
});

/** The staff reads `npm run bench:leads` measures, as the staff page asks for them (its operations, 25 leads a page). */
import type { Client } from 'pg';

const LEADS = `query Leads($filter: LeadsFilter, $first: Int!, $after: String, $orderBy: LeadOrder!) {
  leads(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id receivedAt agencyName contactName email freeEmail interest locale status source fitScore requestNumber
      repeatOf { id receivedAt } requestedAudiences { country segmentId englishTaxonomyPath } } }
  }
}`;
const INSIGHTS = `query LeadInsights($filter: LeadsFilter) {
  leadInsights(filter: $filter) {
    from to total
    weeks { weekStart total byStatus { status count } }
    sources { value count } interests { interest count } countries { value count }
  }
}`;
const LEADS_CSV = 'query LeadsCsv($filter: LeadsFilter, $separator: CsvSeparator!) { leadsCsv(filter: $filter, separator: $separator) }';
/** The most leads one CSV holds. */
const CSV_LEADS = 50_000;

export interface Read {
  kind: 'list' | 'search' | 'overview' | 'export';
  name: string;
  query: string;
  variables: Record<string, unknown>;
}
type Filter = Record<string, unknown>;

/**
 * Every read: the list in each order (its first page, and the page after the lead in the middle of the list, through
 * the cursor that lead's page would give), the list and the overview under each filter and search, and the CSV of the
 * 50,000 newest leads (its filter: received since the 50,000th).
 */
export async function staffReads(database: Client, count: number, now: Date): Promise<Read[]> {
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
  const filters: [string, Filter][] = [
    ['status NEW', { status: 'NEW' }],
    ['status QUALIFIED', { status: 'QUALIFIED' }],
    ['status SPAM', { status: 'SPAM' }],
    ['interest TECHNOLOGICAL_TRANSFORMATION', { interest: 'TECHNOLOGICAL_TRANSFORMATION' }],
    ['language FR', { locale: 'FR' }],
    ['the last 30 days', { receivedFrom: days(30) }],
    ['a month a year ago', { receivedFrom: days(395), receivedTo: days(365) }],
    ['fit ≥ 80', { minFitScore: 80 }],
    ['fit ≥ 80 and NEW', { minFitScore: 80, status: 'NEW' }],
    ['source "linkedin"', { source: 'linkedin' }],
    ['NEW, DE, fit ≥ 60, last 90 days', { status: 'NEW', locale: 'DE', minFitScore: 60, receivedFrom: days(90) }],
  ];
  // An agency and a contact the seed's pools make (leads/seed.sql).
  const searches: [string, Filter][] = [
    ['search: agency (whole name)', { search: 'Lumen Lab Media' }],
    ['search: agency (one word)', { search: 'lumen' }],
    ['search: contact name (whole)', { search: 'Lena Vogel' }],
    ['search: contact name (surname)', { search: 'Vogel' }],
    ['search: email fragment', { search: 'lena.vogel@' }],
    ['search: email fragment (no match)', { search: 'zq-nobody@' }],
  ];
  const list = (name: string, filter: Filter, orderBy = 'NEWEST', after?: string): Read => ({
    kind: filter.search ? 'search' : 'list',
    name,
    query: LEADS,
    variables: { filter, first: 25, orderBy, after },
  });
  const middle = Math.floor(count / 2);
  const csvFrom = await database.query<{ at: Date }>(
    'SELECT received_at AS at FROM contact_request ORDER BY received_at DESC, id DESC OFFSET $1 LIMIT 1',
    [Math.min(CSV_LEADS, count) - 1],
  );
  return [
    list('newest first, first page', {}),
    list(`newest first, page after lead ${middle}`, {}, 'NEWEST', await cursorAt(database, 'NEWEST', middle)),
    list('best fit first, first page', {}, 'BEST_FIT'),
    list(`best fit first, page after lead ${middle}`, {}, 'BEST_FIT', await cursorAt(database, 'BEST_FIT', middle)),
    ...filters.map(([name, filter]) => list(name, filter)),
    list('fit ≥ 80 and NEW, best fit first', { minFitScore: 80, status: 'NEW' }, 'BEST_FIT'),
    ...searches.map(([name, filter]) => list(name, filter)),
    list(`${searches[1]![0]}, best fit first`, searches[1]![1], 'BEST_FIT'),
    { kind: 'overview', name: 'overview, no filter', query: INSIGHTS, variables: {} },
    ...[...filters, ...searches].map(([name, filter]): Read => ({
      kind: 'overview',
      name: `overview, ${name}`,
      query: INSIGHTS,
      variables: { filter },
    })),
    {
      kind: 'export',
      name: `CSV of the ${Math.min(CSV_LEADS, count)} newest`,
      query: LEADS_CSV,
      variables: { filter: { receivedFrom: csvFrom.rows[0]!.at.toISOString() }, separator: 'SEMICOLON' },
    },
  ];
}

/**
 * The cursor a page ending on the lead at `offset` in that order would give: the API's cursor format (its last lead's
 * place in the order, base64url), which the API refuses loudly (isCursor) should it change.
 */
async function cursorAt(database: Client, order: 'NEWEST' | 'BEST_FIT', offset: number): Promise<string> {
  const orderBy = order === 'NEWEST' ? 'received_at DESC, id DESC' : 'fit_score DESC, received_at DESC, id DESC';
  const { rows } = await database.query<{ fitScore: number; receivedAt: Date; id: string }>(
    `SELECT fit_score AS "fitScore", received_at AS "receivedAt", id FROM contact_request ORDER BY ${orderBy} OFFSET $1 LIMIT 1`,
    [offset],
  );
  const { fitScore, receivedAt, id } = rows[0]!;
  const place = [receivedAt.toISOString(), id];
  return Buffer.from((order === 'BEST_FIT' ? [fitScore, ...place] : place).join('|')).toString('base64url');
}

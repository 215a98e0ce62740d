import { stringify } from 'csv-stringify/sync';
import { defusedCell } from '@segmentia/contracts/csv';
import type { CsvSeparator } from './dto/leads.args';
import type { Lead } from './models/lead.model';

const CSV_COLUMNS: [keyof Lead, string][] = [
  ['receivedAt', 'Received (UTC)'],
  ['status', 'Status'],
  ['agencyName', 'Agency'],
  ['agencyType', 'Agency type'],
  ['agencySize', 'Yearly media spend'],
  ['advertiserCount', 'Advertisers'],
  ['contactName', 'Contact'],
  ['email', 'Email'],
  ['freeEmail', 'Free email'],
  ['phone', 'Phone'],
  ['position', 'Position'],
  ['decisionRole', 'Decision role'],
  ['interest', 'Interest'],
  ['message', 'Message'],
  ['locale', 'Language'],
  ['pagePath', 'Page'],
  ['landingPage', 'Landing page'],
  ['referrerHost', 'Referrer'],
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
  ['utmTerm', 'utm_term'],
  ['utmContent', 'utm_content'],
  ['gclid', 'gclid'],
  ['country', 'Country'],
  ['fitScore', 'Fit score'],
  ['fitReasons', 'Fit reasons'],
  ['requestNumber', 'Request number'],
  ['repeatOf', 'Repeat of'],
  ['requestedAudiences', 'Audiences'],
  ['id', 'Lead id'],
];

/**
 * Leads as CSV for a spreadsheet: UTF-8 with a byte order mark (so Excel keeps accents), CRLF lines, every field
 * quoted when needed, and cells that a spreadsheet would run as a formula (=, +, -, @, their full-width forms, tab,
 * CR) prefixed with an apostrophe (OWASP's CSV injection advice). `header: false` for the lines that follow another
 * batch's: no byte order mark, no header.
 */
export function leadsCsv(leads: Lead[], separator: CsvSeparator, { header = true } = {}): string {
  return stringify(
    leads.map((lead) => CSV_COLUMNS.map(([field]) => cell(lead[field]))),
    { bom: header, delimiter: separator, record_delimiter: 'windows', header, columns: CSV_COLUMNS.map(([, title]) => title) },
  );
}

function cell(value: Lead[keyof Lead]): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().replace('T', ' ').slice(0, 19);
  if (Array.isArray(value)) {
    return value
      .map((item) => ('segmentId' in item ? item.segmentId : `${item.rule} ${item.value} ${item.points}/${item.maxPoints}`))
      .join('; ');
  }
  if (typeof value === 'object') return value.id;
  return defusedCell(String(value));
}

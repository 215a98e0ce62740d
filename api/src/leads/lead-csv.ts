import { defusedCell } from '@segmentia/contracts/csv';
import { Prisma } from '../generated/prisma/client';
import type { CsvSeparator } from './dto/leads.args';
import type { Lead } from './models/lead.model';

/** A lead as the CSV reads it: its fields by the model's names; the first request of a repeat by its id. */
export type CsvLead = Omit<Pick<Lead, (typeof CSV_COLUMNS)[number][0]>, 'repeatOf'> & { repeatOf: string | null };

const CSV_COLUMNS = [
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
] as const satisfies readonly (readonly [keyof Lead, string])[];

/** The columns of contact_request the CSV reads, each as its field (received_at AS "receivedAt"…). */
export const CSV_SELECT = Prisma.raw(
  CSV_COLUMNS.map(([field]) =>
    field === 'repeatOf'
      ? 'repeat_of_id AS "repeatOf"'
      : `${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)} AS "${field}"`,
  ).join(', '),
);

/**
 * Leads as CSV for a spreadsheet: UTF-8 with a byte order mark (so Excel keeps accents), CRLF lines, a field quoted
 * when it holds the separator, a quote or a line break (its quotes doubled), and cells that a spreadsheet would run as
 * a formula (=, +, -, @, their full-width forms, tab, CR) prefixed with an apostrophe (OWASP's CSV injection advice).
 * `header: false` for the lines that follow another batch's: no byte order mark, no header. Written here rather than
 * by a CSV library: a 50,000-lead export is over a million cells, and this is all the format needs.
 */
export function leadsCsv(leads: CsvLead[], separator: CsvSeparator, { header = true } = {}): string {
  const field = (text: string) => (text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const line = (cells: string[]) => `${cells.map(field).join(separator)}\r\n`;
  const lines = leads.map((lead) => line(CSV_COLUMNS.map(([name]) => cell(lead[name]))));
  return (header ? `\uFEFF${line(CSV_COLUMNS.map(([, title]) => title))}` : '') + lines.join('');
}

function cell(value: CsvLead[keyof CsvLead]): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().replace('T', ' ').slice(0, 19);
  if (Array.isArray(value)) {
    return value
      .map((item) => ('segmentId' in item ? item.segmentId : `${item.rule} ${item.value} ${item.points}/${item.maxPoints}`))
      .join('; ');
  }
  return defusedCell(String(value));
}

import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { badUserInput, notFound } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import { ErasureReason } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import type { CsvSeparator, LeadsArgs, LeadsFilter } from './dto/leads.args';
import type { Lead, LeadConnection, LeadErasureReceipt, LeadStatus } from './models/lead.model';

const LEAD_FIELDS = {
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
  termsVersion: true,
  termsAcceptedAt: true,
} satisfies Prisma.ContactRequestSelect;

/** Newest first; the id breaks ties between leads of the same millisecond. */
const NEWEST_FIRST: Prisma.ContactRequestOrderByWithRelationInput[] = [{ receivedAt: 'desc' }, { id: 'desc' }];

/** More than a salesperson's spreadsheet needs; a narrower filter exports the rest. */
export const CSV_MAX_ROWS = 50_000;

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
  ['id', 'Lead id'],
];

/** Staff's reading and working of leads. Callers are checked by StaffGuard. */
@Injectable()
export class LeadsService {
  constructor(private readonly prisma: PrismaService) {}

  async list({ filter, first, after }: LeadsArgs): Promise<LeadConnection> {
    const where = whereOf(filter);
    const cursor = after ? decodeCursor(after) : undefined;
    const [rows, totalCount] = await Promise.all([
      this.prisma.contactRequest.findMany({
        select: LEAD_FIELDS,
        where: cursor
          ? {
              AND: [
                where,
                { OR: [{ receivedAt: { lt: cursor.receivedAt } }, { receivedAt: cursor.receivedAt, id: { lt: cursor.id } }] },
              ],
            }
          : where,
        orderBy: NEWEST_FIRST,
        take: first + 1,
      }),
      this.prisma.contactRequest.count({ where }),
    ]);
    const edges = rows.slice(0, first).map((node) => ({ node, cursor: encodeCursor(node) }));
    return { edges, totalCount, pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null } };
  }

  async get(id: string): Promise<Lead | null> {
    return this.prisma.contactRequest.findUnique({ select: LEAD_FIELDS, where: { id } });
  }

  async updateStatus(id: string, status: LeadStatus): Promise<Lead> {
    const { count } = await this.prisma.contactRequest.updateMany({ where: { id }, data: { status, statusUpdatedAt: new Date() } });
    const lead = count ? await this.get(id) : null;
    if (!lead) throw leadNotFound(id);
    return lead;
  }

  /**
   * GDPR erasure: the lead and its notifications go (the outbox rows cascade);
   * what stays is that an erasure happened, when, and which staff member did it.
   */
  async erase(id: string, staffUid: string): Promise<LeadErasureReceipt> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.contactRequest.deleteMany({ where: { id } });
      if (!count) throw leadNotFound(id);
      return tx.leadErasure.create({
        data: { reason: ErasureReason.REQUEST, count, erasedBy: staffUid },
        select: { id: true, erasedAt: true },
      });
    });
  }

  /**
   * The filtered leads as CSV for a spreadsheet: UTF-8 with a byte order mark
   * (so Excel keeps accents), CRLF lines, every field quoted when needed, and
   * cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
   * prefixed with an apostrophe (OWASP's CSV injection advice).
   */
  async csv(filter: LeadsFilter | undefined, separator: CsvSeparator): Promise<string> {
    const where = whereOf(filter);
    const total = await this.prisma.contactRequest.count({ where });
    if (total > CSV_MAX_ROWS) {
      throw badUserInput({
        filter: [{ code: 'maxRows', message: `filter: ${total} leads match; narrow the filter to ${CSV_MAX_ROWS} or fewer` }],
      });
    }
    const rows = await this.prisma.contactRequest.findMany({ select: LEAD_FIELDS, where, orderBy: NEWEST_FIRST });
    return stringify(
      rows.map((lead) => CSV_COLUMNS.map(([field]) => cell(lead[field]))),
      { bom: true, delimiter: separator, record_delimiter: 'windows', header: true, columns: CSV_COLUMNS.map(([, title]) => title) },
    );
  }
}

function whereOf(filter: LeadsFilter = {}): Prisma.ContactRequestWhereInput {
  const { receivedFrom, receivedTo, status, interest, locale, search, source } = filter;
  // Prisma passes % and _ through to LIKE: they are escaped to match themselves.
  const containing = (text: string) => ({ contains: text.replace(/[\\%_]/g, '\\$&'), mode: 'insensitive' as const });
  return {
    ...(receivedFrom || receivedTo ? { receivedAt: { gte: receivedFrom, lt: receivedTo } } : {}),
    ...(status ? { status } : {}),
    ...(interest ? { interest } : {}),
    ...(locale ? { locale } : {}),
    AND: [
      ...(search ? [{ OR: (['agencyName', 'contactName', 'email'] as const).map((field) => ({ [field]: containing(search) })) }] : []),
      ...(source ? [{ OR: (['utmSource', 'utmMedium', 'utmCampaign', 'referrerHost'] as const).map((field) => ({ [field]: containing(source) })) }] : []),
    ],
  };
}

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: Lead[keyof Lead]): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().replace('T', ' ').slice(0, 19);
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function encodeCursor({ receivedAt, id }: { receivedAt: Date; id: string }): string {
  return Buffer.from(`${receivedAt.toISOString()}|${id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string): { receivedAt: Date; id: string } {
  const [time = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const receivedAt = new Date(time);
  if (Number.isNaN(receivedAt.getTime()) || !UUID.test(id)) {
    throw badUserInput({ after: [{ code: 'isCursor', message: 'after: not a cursor of this list; pass a pageInfo.endCursor' }] });
  }
  return { receivedAt, id };
}

export const leadNotFound = (id: string) => notFound(`No lead with id ${id}: it may have been erased`);

import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Locale } from '../../common/locale';
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../../contact/contact.enums';
import { LeadStatus } from '../../generated/prisma/enums';
import { RequestedAudience } from '../../audiences/models/requested-audience.model';
import { FIT_RULES, type FitRule } from '../fit-score';

registerEnumType(LeadStatus, { name: 'LeadStatus', description: 'Where sales stand with a lead' });
export { LeadStatus };

const FIT_RULE = Object.fromEntries(Object.keys(FIT_RULES).map((rule) => [rule, rule])) as { [Rule in FitRule]: Rule };
registerEnumType(FIT_RULE, {
  name: 'FitRule',
  description: "A rule of the fit score: the lead's field it reads (api/src/leads/fit-score.ts)",
});

@ObjectType({ description: "One rule's part of a lead's fit score" })
export class FitReason {
  @Field(() => FIT_RULE)
  rule: FitRule;

  @Field({ description: 'The value the rule read, e.g. OVER_50M for agencySize, BUSINESS for email, COVERED for country' })
  value: string;

  @Field(() => Int)
  points: number;

  @Field(() => Int, { description: 'The most this rule gives' })
  maxPoints: number;
}

@ObjectType({ description: 'An earlier request of the same prospect' })
export class LeadReference {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  receivedAt: Date;
}

@ObjectType({ description: 'A contact request, as sales work it (staff only)' })
export class Lead {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  receivedAt: Date;

  @Field(() => LeadStatus)
  status: LeadStatus;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the status last changed; null while NEW' })
  statusUpdatedAt: Date | null;

  @Field(() => Locale, { description: 'The language of the page the request was sent from' })
  locale: Locale;

  @Field()
  agencyName: string;

  @Field(() => AgencyType)
  agencyType: AgencyType;

  @Field(() => AgencySize)
  agencySize: AgencySize;

  @Field(() => AdvertiserCount)
  advertiserCount: AdvertiserCount;

  @Field()
  contactName: string;

  @Field()
  email: string;

  @Field({ description: 'The address is on a free-mail domain (Gmail, Outlook…)' })
  freeEmail: boolean;

  @Field(() => String, { nullable: true, description: 'E.164, e.g. +34911234567' })
  phone: string | null;

  @Field(() => Position)
  position: Position;

  @Field(() => DecisionRole)
  decisionRole: DecisionRole;

  @Field(() => Interest)
  interest: Interest;

  @Field(() => String, { nullable: true })
  message: string | null;

  @Field(() => String, { nullable: true, description: 'The site page the form was sent from' })
  pagePath: string | null;

  @Field(() => String, { nullable: true, description: 'The first page of the visit' })
  landingPage: string | null;

  @Field(() => String, { nullable: true, description: 'The host of the site that linked to the visit; null: none (direct, or not told)' })
  referrerHost: string | null;

  @Field(() => String, { nullable: true })
  utmSource: string | null;

  @Field(() => String, { nullable: true })
  utmMedium: string | null;

  @Field(() => String, { nullable: true })
  utmCampaign: string | null;

  @Field(() => String, { nullable: true })
  utmTerm: string | null;

  @Field(() => String, { nullable: true })
  utmContent: string | null;

  @Field(() => String, { nullable: true, description: "Google's click id, only when the visitor accepted marketing cookies" })
  gclid: string | null;

  @Field(() => String, {
    nullable: true,
    description: "ISO 3166 alpha-2: the phone number's country, else the email's country domain; null: unknown",
  })
  country: string | null;

  @Field(() => Int, { description: 'How well the lead fits, 0–100 (the rules: api/src/leads/fit-score.ts)' })
  fitScore: number;

  @Field(() => [FitReason], { description: 'Why: one reason per rule, as scored' })
  fitReasons: FitReason[];

  @Field(() => LeadReference, {
    nullable: true,
    description:
      "The same prospect's first request of the 90 days before this one (same email, or same " +
      'agency at the same email domain, not a free-mail one); null: a new prospect, or that request was erased',
  })
  repeatOf: LeadReference | null;

  @Field(() => Int, { description: "This request's place among the prospect's requests of those 90 days: 1 for a new prospect" })
  requestNumber: number;

  @Field(() => [RequestedAudience], { description: "The explorer's audiences the visitor asked for with the request" })
  requestedAudiences: RequestedAudience[];

  @Field({ description: 'The version of the terms the sender accepted' })
  termsVersion: string;

  @Field(() => GraphQLISODateTime)
  termsAcceptedAt: Date;
}

@ObjectType()
export class LeadEdge {
  @Field({ description: 'Pass as `after` to read the leads that follow this one' })
  cursor: string;

  @Field(() => Lead)
  node: Lead;
}

@ObjectType()
export class PageInfo {
  @Field()
  hasNextPage: boolean;

  @Field(() => String, { nullable: true })
  endCursor: string | null;
}

/**
 * The list's total is counted up to this many leads (totalCountPrecision EXACT), past which it says "at least"
 * (AT_LEAST): counting every lead of a broad filter costs as much as reading them all, and a salesperson needs no
 * more than "over a thousand" to narrow it (the overview counts every lead of its period).
 */
export const TOTAL_COUNT_LIMIT = 1_000;

export enum CountPrecision {
  EXACT = 'EXACT',
  AT_LEAST = 'AT_LEAST',
}
registerEnumType(CountPrecision, {
  name: 'CountPrecision',
  description: 'Whether a count is every item, or where counting stopped',
  valuesMap: { EXACT: { description: 'Exactly this many' }, AT_LEAST: { description: 'This many, and more' } },
});

@ObjectType({ description: 'A page of leads, newest first' })
export class LeadConnection {
  @Field(() => [LeadEdge])
  edges: LeadEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, {
    description: `Leads matching the filter, on every page: counted up to ${TOTAL_COUNT_LIMIT}, past which totalCountPrecision is AT_LEAST`,
  })
  totalCount: number;

  @Field(() => CountPrecision, { description: 'EXACT, or AT_LEAST when more than totalCount leads match' })
  totalCountPrecision: CountPrecision;
}

@ObjectType({ description: 'That a lead was erased: nothing of it is kept' })
export class LeadErasureReceipt {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  erasedAt: Date;
}

/** A row's JSON columns as the model types them (written by fitOf and the contact service). */
export const withTypedJson = <Row extends { fitReasons: unknown; requestedAudiences: unknown }>(row: Row) => ({
  ...row,
  fitReasons: row.fitReasons as FitReason[],
  requestedAudiences: row.requestedAudiences as RequestedAudience[],
});

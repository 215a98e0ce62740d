import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Locale } from '../../common/locale';
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../../contact/contact.enums';
import { LeadStatus } from '../../generated/prisma/enums';

registerEnumType(LeadStatus, { name: 'LeadStatus', description: 'Where sales stand with a lead' });
export { LeadStatus };

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

@ObjectType({ description: 'A page of leads, newest first' })
export class LeadConnection {
  @Field(() => [LeadEdge])
  edges: LeadEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Leads matching the filter, on every page' })
  totalCount: number;
}

@ObjectType({ description: 'That a lead was erased: nothing of it is kept' })
export class LeadErasureReceipt {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  erasedAt: Date;
}

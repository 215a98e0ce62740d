import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';
import { Interest } from '../../contact/contact.enums';
import { LeadStatus } from './lead.model';

@ObjectType()
export class StatusCount {
  @Field(() => LeadStatus)
  status: LeadStatus;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: 'The leads received in one week (Monday 00:00 UTC to the next), by status' })
export class WeekCount {
  @Field(() => GraphQLISODateTime, { description: 'Monday 00:00 UTC' })
  weekStart: Date;

  @Field(() => Int)
  total: number;

  @Field(() => [StatusCount], { description: 'Every status, in pipeline order, zeros included' })
  byStatus: StatusCount[];
}

@ObjectType({ description: 'How many leads share a value' })
export class ValueCount {
  @Field(() => String, { nullable: true, description: 'null: none (a direct visit, an unknown country)' })
  value: string | null;

  @Field(() => Int)
  count: number;
}

@ObjectType()
export class InterestCount {
  @Field(() => Interest)
  interest: Interest;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: 'An overview of the filtered leads for sales managers (staff only)' })
export class LeadInsights {
  @Field(() => GraphQLISODateTime, { description: 'The period the tops count: the filter’s days, or the twelve weeks' })
  from: Date;

  @Field(() => GraphQLISODateTime)
  to: Date;

  @Field(() => Int, { description: 'Leads in the period' })
  total: number;

  @Field(() => [WeekCount], { description: 'The twelve weeks ending with the period’s last, oldest first' })
  weeks: WeekCount[];

  @Field(() => [ValueCount], { description: 'The most frequent sources (as the list shows them; null: direct), most first' })
  sources: ValueCount[];

  @Field(() => [InterestCount], { description: 'Every interest, most first' })
  interests: InterestCount[];

  @Field(() => [ValueCount], { description: 'The most frequent countries (ISO 3166 alpha-2; null: unknown), most first' })
  countries: ValueCount[];
}

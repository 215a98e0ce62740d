import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: "Facts the privacy policy states, read from the API's settings so the policy says what the API does" })
export class PrivacyFacts {
  @Field(() => Int, { description: 'Months a lead is kept before it is erased (LEAD_RETENTION_MONTHS)' })
  leadRetentionMonths: number;

  @Field(() => Int, { description: 'Days a submission caught as spam is kept before it is erased (SPAM_RETENTION_DAYS)' })
  spamRetentionDays: number;

  @Field(() => Int, { description: 'Months a record of a cookie decision is kept before it is erased (CONSENT_RETENTION_MONTHS)' })
  consentRecordRetentionMonths: number;
}

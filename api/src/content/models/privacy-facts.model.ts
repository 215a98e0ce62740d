import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: "Facts the privacy policy states, read from the API's settings so the policy says what the API does" })
export class PrivacyFacts {
  @Field(() => Int, { description: 'Months a lead is kept before it is erased (LEAD_RETENTION_MONTHS)' })
  leadRetentionMonths: number;

  @Field(() => Int, { description: 'Days a submission caught as spam is kept before it is erased (SPAM_RETENTION_DAYS)' })
  spamRetentionDays: number;

  @Field(() => Int, { description: 'Months a record of a cookie decision is kept before it is erased (CONSENT_RETENTION_MONTHS)' })
  consentRecordRetentionMonths: number;

  @Field({
    description: 'The date the terms and privacy policy in force took effect, YYYY-MM-DD (TERMS_VERSION): what a contact request accepts',
  })
  termsVersion: string;

  @Field({
    description:
      'The processor that receives lead notifications by webhook, as the policy names it (NOTIFY_WEBHOOK_PROCESSOR); ' +
      'empty when no webhook is set (NOTIFY_WEBHOOK_URL), and the policy leaves it out',
  })
  webhookProcessor: string;

  @Field({ description: 'The processor that carries lead emails, as the policy names it (SMTP_PROCESSOR)' })
  emailProcessor: string;

  @Field(() => Int, { description: "Minutes the contact form's proof-of-work challenge stays valid (ALTCHA_EXPIRES_MINUTES)" })
  challengeMinutes: number;
}

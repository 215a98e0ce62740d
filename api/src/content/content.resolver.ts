import { Info, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { cacheAsCatalog } from '../audiences/catalog-changes';
import { ContentService } from './content.service';
import { Coverage } from './models/coverage.model';
import { PrivacyFacts } from './models/privacy-facts.model';
import { AppConfig } from '../common/config/app-config';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';

@Resolver()
@RateLimit('query')
export class ContentResolver {
  constructor(
    private readonly content: ContentService,
    private readonly config: AppConfig,
  ) {}

  @Query(() => Coverage, { description: 'Countries, topics and audiences covered, for the copy of the site', complexity: 5 })
  coverage(@Info() info: GraphQLResolveInfo): Promise<Coverage> {
    cacheAsCatalog(info);
    return this.content.coverage();
  }

  @Query(() => PrivacyFacts, { complexity: 1 })
  privacy(): PrivacyFacts {
    return {
      leadRetentionMonths: this.config.LEAD_RETENTION_MONTHS,
      spamRetentionDays: this.config.SPAM_RETENTION_DAYS,
      consentRecordRetentionMonths: this.config.CONSENT_RETENTION_MONTHS,
      termsVersion: this.config.TERMS_VERSION,
      // No webhook, no processor to name: the policy leaves the item out.
      webhookProcessor: this.config.NOTIFY_WEBHOOK_URL ? this.config.NOTIFY_WEBHOOK_PROCESSOR : '',
      emailProcessor: this.config.SMTP_PROCESSOR,
      challengeMinutes: this.config.ALTCHA_EXPIRES_MINUTES,
    };
  }
}

import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';
import { ConsentService } from './consent.service';
import { ConsentRecordInput } from './dto/consent-record.input';
import { ConsentReceipt } from './models/consent-receipt.model';

@Resolver()
export class ConsentResolver {
  constructor(private readonly consent: ConsentService) {}

  @Mutation(() => ConsentReceipt, { description: 'Records a cookie decision (proof of consent); CONSENT_RATE_LIMIT_PER_MINUTE per IP' })
  @RateLimit('consent')
  recordConsent(@Args('input') input: ConsentRecordInput): Promise<ConsentReceipt> {
    return this.consent.record(input);
  }
}

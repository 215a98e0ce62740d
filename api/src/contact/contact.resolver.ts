import { UseGuards } from '@nestjs/common';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { SkipThrottle } from '@nestjs/throttler';
import { GqlThrottlerGuard } from '../common/rate-limit/gql-throttler.guard';
import { ContactService } from './contact.service';
import { ContactRequestInput } from './dto/contact-request.input';
import { ContactRequestReceipt } from './models/contact-request-receipt.model';

@Resolver()
export class ContactResolver {
  constructor(private readonly contact: ContactService) {}

  @Mutation(() => ContactRequestReceipt, { description: 'Requests demo access; CONTACT_RATE_LIMIT_PER_MINUTE per IP' })
  @UseGuards(GqlThrottlerGuard)
  @SkipThrottle({ consent: true })
  submitContactRequest(@Args('input') input: ContactRequestInput): Promise<ContactRequestReceipt> {
    return this.contact.submit(input);
  }
}

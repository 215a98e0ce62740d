import { UseGuards } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';
import type { Identity } from '../leads/auth/firebase-token-verifier';
import { CurrentStaff, StaffGuard } from '../leads/auth/staff.guard';
import { ObjectionInput } from './dto/objection.input';
import { OptOutInput } from './dto/opt-out.input';
import { ObjectionIdArgs, ObjectionsArgs } from './dto/privacy.args';
import { AudienceObjection, ObjectionReceipt, OptOutReceipt, PrivacyCenterSummary } from './models/privacy.model';
import { PrivacyService } from './privacy.service';

/** The privacy centre's two forms: anybody, with a solved contactChallenge, on the contact form's budget per client. */
@Resolver()
export class PrivacyResolver {
  constructor(private readonly privacy: PrivacyService) {}

  @Mutation(() => OptOutReceipt, {
    description:
      "Keeps a device's advertising ID out of Segmentia's audiences for good, for the reason the person gives (an " +
      'objection or a withdrawn consent): only its keyed hash is stored. The same ID again gets the first receipt. All ' +
      'zeros and non-UUIDs are refused (advertisingId: isAdvertisingId, notZeroId). ' +
      'CONTACT_RATE_LIMIT_PER_MINUTE per client; past the hourly ceiling of opt-outs (all visitors): TOO_MANY_REQUESTS, ' +
      'extensions.reason hourlyCeiling; sent too soon after its challenge: altcha altchaTooSoon',
  })
  @RateLimit('contact')
  optOutOfAudiences(@Args('input') input: OptOutInput): Promise<OptOutReceipt> {
    return this.privacy.optOut(input);
  }

  @Mutation(() => ObjectionReceipt, {
    description:
      "A web browser's written objection to the audiences (Segmentia does not see browsers' IDs on its own site): staff " +
      'answer it by email. CONTACT_RATE_LIMIT_PER_MINUTE per client; past the hourly ceiling of objections (all visitors): ' +
      'TOO_MANY_REQUESTS, extensions.reason hourlyCeiling; sent too soon after its challenge: altcha altchaTooSoon',
  })
  @RateLimit('contact')
  objectToAudiences(@Args('input') input: ObjectionInput): Promise<ObjectionReceipt> {
    return this.privacy.object(input);
  }
}

/** What staff read of the privacy centre (staff only); the audiences' pipeline has its own key (pipeline/). */
@Resolver()
@UseGuards(StaffGuard)
export class PrivacyStaffResolver {
  constructor(private readonly privacy: PrivacyService) {}

  @Query(() => PrivacyCenterSummary, {
    description: "How many IDs are suppressed, how many objections are open, and the pipeline's last read of the list (staff only)",
  })
  privacyCenterSummary(): Promise<PrivacyCenterSummary> {
    return this.privacy.summary();
  }

  @Query(() => [AudienceObjection], { description: 'Written objections, open ones first (staff only)', complexity: 20 })
  audienceObjections(@Args() { first }: ObjectionsArgs): Promise<AudienceObjection[]> {
    return this.privacy.objections(first);
  }

  @Mutation(() => AudienceObjection, { description: 'Marks an objection answered by the signed-in staff member (staff only)' })
  answerAudienceObjection(@Args() { id }: ObjectionIdArgs, @CurrentStaff() staff: Identity): Promise<AudienceObjection> {
    return this.privacy.answer(id, staff);
  }
}

import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';
import { MyDataTokenArgs, MyRequestDataArgs } from './dto/my-data-token.args';
import { RequestMyDataLinkInput } from './dto/request-my-data-link.input';
import { MyDataErasure, MyDataLinkReceipt, MyRequestData } from './models/my-request-data.model';
import { LINK_MINUTES, MyDataService } from './my-data.service';

/** The privacy centre's "your request's data": public, each answer proved by an emailed link (MyDataService). */
@Resolver()
export class MyDataResolver {
  constructor(private readonly service: MyDataService) {}

  @Mutation(() => MyDataLinkReceipt, {
    description:
      "Emails a link to the data of the address's contact requests and written objections, only if it has one, and to " +
      'the address as they store it, never as typed (in any case; ASCII only, no quotes: isAsciiEmail): the ' +
      `answer is the same either way. The link opens the data for ${LINK_MINUTES} minutes and dies with its erasure. ` +
      'MY_DATA_RATE_LIMIT_PER_MINUTE per client; MY_DATA_LINKS_PER_HOUR links per address (more: the same answer, no email); ' +
      'past the hourly ceiling of link requests (all visitors, any address): TOO_MANY_REQUESTS, extensions.reason hourlyCeiling',
  })
  @RateLimit('myData')
  requestMyDataLink(@Args('input') input: RequestMyDataLinkInput): Promise<MyDataLinkReceipt> {
    return this.service.requestLink(input);
  }

  @Query(() => MyRequestData, {
    description:
      "What Segmentia holds about the link's address: every request with the fields staff see (its repeats counted over " +
      "the address's own requests only), its consent record (termsVersion, termsAcceptedAt, locale) and the " +
      'notifications sent, and the written objections. A link that does not open it: UNAUTHENTICATED with ' +
      'extensions.reason linkInvalid, linkExpired or linkUsed',
  })
  @RateLimit('query')
  myRequestData(@Args() { token, locale }: MyRequestDataArgs): Promise<MyRequestData> {
    return this.service.view(token, locale);
  }

  @Mutation(() => MyDataErasure, {
    description:
      "Erases every request and written objection of the link's address, as a staff erasure does (the ledger records " +
      'reason REQUEST, erased by "data-subject"); sales are told to delete their notices of those requests; the link ' +
      'no longer works after it. Refused as myRequestData is',
  })
  @RateLimit('myData')
  eraseMyRequestData(@Args() { token }: MyDataTokenArgs): Promise<MyDataErasure> {
    return this.service.erase(token);
  }
}

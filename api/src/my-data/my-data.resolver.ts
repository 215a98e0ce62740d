import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';
import { MyDataTokenArgs } from './dto/my-data-token.args';
import { RequestMyDataLinkInput } from './dto/request-my-data-link.input';
import { MyDataErasure, MyDataLinkReceipt, MyRequestData } from './models/my-request-data.model';
import { LINK_MINUTES, MyDataService } from './my-data.service';

/** The privacy centre's "your request's data": public, each answer proved by an emailed link (MyDataService). */
@Resolver()
export class MyDataResolver {
  constructor(private readonly service: MyDataService) {}

  @Mutation(() => MyDataLinkReceipt, {
    description:
      "Emails a link to the data of the address's contact requests, only to that address and only if it has one: the " +
      `answer is the same either way. The link opens the data for ${LINK_MINUTES} minutes and dies with its erasure. ` +
      'MY_DATA_RATE_LIMIT_PER_MINUTE per client; MY_DATA_LINKS_PER_HOUR links per address (more: the same answer, no email)',
  })
  @RateLimit('myData')
  requestMyDataLink(@Args('input') input: RequestMyDataLinkInput): Promise<MyDataLinkReceipt> {
    return this.service.requestLink(input);
  }

  @Query(() => MyRequestData, {
    description:
      "What Segmentia holds about the link's address: every request with the fields staff see, its consent record " +
      '(termsVersion, termsAcceptedAt, locale) and the notifications sent. A link that does not open it: UNAUTHENTICATED ' +
      'with extensions.reason linkInvalid, linkExpired or linkUsed',
  })
  @RateLimit('query')
  myRequestData(@Args() { token }: MyDataTokenArgs): Promise<MyRequestData> {
    return this.service.view(token);
  }

  @Mutation(() => MyDataErasure, {
    description:
      "Erases every request of the link's address, as a staff erasure does (the ledger records reason REQUEST, erased by " +
      '"data-subject"); the link no longer works after it. Refused as myRequestData is',
  })
  @RateLimit('myData')
  eraseMyRequestData(@Args() { token }: MyDataTokenArgs): Promise<MyDataErasure> {
    return this.service.erase(token);
  }
}

import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Challenge } from 'altcha-lib';
import { JSONObject } from '../common/graphql/json-object.scalar';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';
import { ContactService } from './contact.service';
import { ContactRequestInput } from './dto/contact-request.input';
import { emailKind, emailSuggestion } from './email-domains';
import { ContactRequestReceipt } from './models/contact-request-receipt.model';
import { EmailCheck } from './models/email-check.model';
import { CheckEmailArgs } from './dto/check-email.args';
import { ProofOfWork } from './proof-of-work';

@Resolver()
export class ContactResolver {
  constructor(
    private readonly contact: ContactService,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  @Mutation(() => ContactRequestReceipt, { description: 'Requests demo access; CONTACT_RATE_LIMIT_PER_MINUTE per IP' })
  @RateLimit('contact')
  submitContactRequest(@Args('input') input: ContactRequestInput): Promise<ContactRequestReceipt> {
    return this.contact.submit(input);
  }

  @Query(() => JSONObject, {
    description:
      "A proof-of-work challenge for the contact form, as ALTCHA's widget takes it (`challenge` JSON): solve it and send the " +
      "widget's base64 payload as `input.altcha`: it proves one mutation (a contact request, an opt-out, an objection or a " +
      'data-link request). Signed, and dated: a contact request sent too soon after it was issued is kept as spam, a ' +
      'privacy-centre form refused altchaTooSoon. ' +
      'CHALLENGE_RATE_LIMIT_PER_MINUTE per client, and once per operation',
  })
  @RateLimit('challenge')
  contactChallenge(): Promise<Challenge> {
    return this.proofOfWork.challenge();
  }

  @Query(() => EmailCheck, { description: "The form's hint as the visitor leaves the email field: free mail, disposable, a likely typo" })
  @RateLimit('query')
  checkEmail(@Args() { email }: CheckEmailArgs): EmailCheck {
    return { kind: emailKind(email), suggestion: emailSuggestion(email) ?? null };
  }
}

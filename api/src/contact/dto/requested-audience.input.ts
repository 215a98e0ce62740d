import { Field, InputType } from '@nestjs/graphql';
import { Matches } from 'class-validator';
import { REQUESTED_AUDIENCES } from '@segmentia/contracts/contact';

/** At most this many audiences in one request. */
export const MAX_REQUESTED_AUDIENCES = REQUESTED_AUDIENCES.max;

@InputType({ description: 'An audience of the explorer the visitor asks for: a country and an audience id' })
export class RequestedAudienceInput {
  @Field({ description: 'ISO 3166-1 alpha-2 code of one of the countries, e.g. DE' })
  @Matches(REQUESTED_AUDIENCES.country, { message: 'audiences.country must be a two-letter country code such as DE' })
  country: string;

  @Field({ description: 'The audience id (Audience.id), e.g. motorsport-fans' })
  @Matches(REQUESTED_AUDIENCES.audience, { message: 'audiences.audience must be an audience id such as motorsport-fans' })
  audience: string;
}

import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'An audience of the explorer asked for with the request, as the catalogue named it then' })
export class RequestedAudience {
  @Field()
  country: string;

  @Field({ description: 'The audience id, e.g. motorsport-fans' })
  audience: string;

  @Field({ description: 'e.g. SGM-DE-AUTO-MOTORSPORT-FANS' })
  segmentId: string;

  @Field({ description: 'e.g. Segmentia › Automotive › Motorsport fans' })
  englishTaxonomyPath: string;
}

import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'An audience of a topic in one country' })
export class Audience {
  @Field(() => ID, { description: 'Stable identifier, e.g. ev-intenders' })
  id: string;

  @Field({ description: 'The interest that defines the audience, in the requested language' })
  interest: string;

  @Field(() => Int, { description: 'Unique users reachable in the country' })
  audienceSize: number;

  @Field({ description: 'The slug of its topic, e.g. automotive' })
  topic: string;

  @Field({ description: 'Its segment id in this country as The Trade Desk shows it, e.g. SGM-DE-AUTO-MOTORSPORT-FANS; never changes' })
  segmentId: string;

  @Field({ description: 'Its taxonomy path in the requested language, e.g. Segmentia › Automoción › Aficionados al motor' })
  taxonomyPath: string;

  @Field({ description: 'Its taxonomy path in English, as seats show it: Segmentia › Automotive › Motorsport fans' })
  englishTaxonomyPath: string;
}

import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'An audience of a topic in one country' })
export class Audience {
  @Field(() => ID, { description: 'Stable identifier, e.g. ev-intenders' })
  id: string;

  @Field({ description: 'The interest that defines the audience, in the requested language' })
  interest: string;

  @Field(() => Int, { description: 'Unique users reachable in the country' })
  audienceSize: number;
}

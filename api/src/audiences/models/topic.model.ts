import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'An interest category grouping audiences' })
export class Topic {
  @Field({ description: 'Stable identifier, e.g. automotive' })
  slug: string;

  @Field()
  name: string;

  @Field()
  description: string;

  @Field({ description: 'Name of the lucide icon that illustrates it, e.g. Car' })
  icon: string;
}

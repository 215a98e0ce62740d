import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'The figures the site shows, counted from the data so they stay true' })
export class Coverage {
  @Field(() => Int)
  countries: number;

  @Field(() => Int)
  topics: number;

  @Field(() => Int, { description: 'Distinct audiences in the explorer' })
  audiences: number;

  @Field(() => Int, { description: 'Internet users of the covered countries' })
  onlineUsers: number;
}

import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'Proof that a cookie decision is recorded' })
export class ConsentReceipt {
  @Field(() => ID)
  id: string;

  @Field()
  decidedAt: Date;
}

import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'Proof that a contact request is stored' })
export class ContactRequestReceipt {
  @Field(() => ID)
  id: string;

  @Field()
  receivedAt: Date;
}

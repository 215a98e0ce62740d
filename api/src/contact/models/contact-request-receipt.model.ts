import { Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'Proof that a contact request is stored' })
export class ContactRequestReceipt {
  @Field(() => ID)
  id: string;

  @Field()
  receivedAt: Date;

  @Field({
    description:
      'The confirmation email waits for the hourly ceiling of confirmations (all visitors together): it is sent within the ' +
      'hour. False when it goes out at once, or when none is sent',
  })
  confirmationDelayed: boolean;
}

import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { NotificationChannel } from '../../generated/prisma/enums';

@ObjectType({ description: "A notice telling sales to delete what they were sent about an erasure's leads" })
export class ErasureNotice {
  @Field(() => NotificationChannel)
  channel: NotificationChannel;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When its receiver took it; null: not yet (the outbox retries)' })
  deliveredAt: Date | null;
}

@ObjectType({
  description: 'An erasure a person did themselves at the privacy centre: staff delete the chat notice and the sales email of each lead',
})
export class SelfServiceErasure {
  @Field(() => ID, { description: "The erasure ledger's id" })
  id: string;

  @Field(() => GraphQLISODateTime)
  erasedAt: Date;

  @Field(() => [ID], { description: 'The erased leads: what the chat notices and sales emails to delete link to' })
  leadIds: string[];

  @Field(() => Int, { description: 'How many written objections of the address went with them' })
  objectionCount: number;

  @Field(() => [ErasureNotice], { description: "The notices sent to sales' channels; none when no channel is set" })
  notices: ErasureNotice[];
}

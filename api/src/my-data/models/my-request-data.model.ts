import { Field, GraphQLISODateTime, Int, ObjectType, OmitType, registerEnumType } from '@nestjs/graphql';
import { NotificationChannel } from '../../generated/prisma/enums';
import { Lead } from '../../leads/models/lead.model';

registerEnumType(NotificationChannel, {
  name: 'NotificationChannel',
  description: "Where a request's notification went",
  valuesMap: {
    WEBHOOK: { description: "Sales' chat (the agency's name, the fit score and a link to the staff page)" },
    EMAIL: { description: "Sales' mailbox (the same)" },
    CONFIRMATION: { description: 'The confirmation that the request arrived, to its address' },
  },
});

export enum NotificationStatus {
  SENT = 'SENT',
  PENDING = 'PENDING',
}
registerEnumType(NotificationStatus, { name: 'NotificationStatus', description: 'SENT, or PENDING while its receiver has not taken it' });

@ObjectType({ description: 'A notification sent about a request' })
export class MyNotification {
  @Field(() => NotificationChannel)
  channel: NotificationChannel;

  @Field(() => NotificationStatus)
  status: NotificationStatus;

  @Field(() => GraphQLISODateTime, { description: 'When it was due: when the request arrived' })
  createdAt: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When its receiver took it; null: PENDING' })
  deliveredAt: Date | null;
}

/**
 * One of the address's requests, with every field staff see (Lead's fields, copied so that none is forgotten; a copy,
 * not a subclass: Lead's resolved fields, such as the staff's activity, would be inherited unguarded) and the
 * notifications sent about it. Its consent record is termsVersion,
 * termsAcceptedAt and locale.
 */
@ObjectType({ description: 'A contact request as Segmentia holds it: every field staff see, and the notifications sent' })
export class MyRequest extends OmitType(Lead, [] as const, ObjectType) {
  @Field(() => [MyNotification])
  notifications: MyNotification[];
}

@ObjectType({ description: 'What Segmentia holds about the contact requests of one address (the privacy centre)' })
export class MyRequestData {
  @Field({ description: 'The address the link was sent to' })
  email: string;

  @Field(() => GraphQLISODateTime, { description: 'When the link stops working' })
  expiresAt: Date;

  @Field(() => [MyRequest], { description: 'Newest first; empty when none is left' })
  requests: MyRequest[];
}

@ObjectType({ description: "That the address's requests were erased: the link is dead from now" })
export class MyDataErasure {
  @Field(() => GraphQLISODateTime)
  erasedAt: Date;

  @Field(() => Int, { description: 'How many requests were erased' })
  count: number;
}

@ObjectType({ description: 'The same answer whether or not the address has a request: only its mailbox learns which' })
export class MyDataLinkReceipt {
  @Field({ description: 'Always true' })
  sent: boolean;
}

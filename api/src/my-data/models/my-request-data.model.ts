import { Field, GraphQLISODateTime, Int, ObjectType, OmitType, registerEnumType } from '@nestjs/graphql';
import { RequestedAudience } from '../../audiences/models/requested-audience.model';
import { NotificationChannel } from '../../generated/prisma/enums';
import { Lead, LeadReference } from '../../leads/models/lead.model';
import { AudienceObjection } from '../../privacy/models/privacy.model';

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

/** An audience asked for with a request: as stored with it, and as the catalogue names it in the page's language. */
@ObjectType({ description: 'An audience of the explorer asked for with the request' })
export class MyRequestedAudience extends RequestedAudience {
  @Field({
    description: "Its taxonomy path in the language asked for (myRequestData's locale); the stored English path if it left the catalogue",
  })
  taxonomyPath: string;
}

/**
 * One of the address's requests, with every field staff see (Lead's fields, copied so that none is forgotten; a copy,
 * not a subclass: Lead's resolved fields, such as the staff's activity, would be inherited unguarded) and the
 * notifications sent about it. Its consent record is termsVersion, termsAcceptedAt and locale. The repeat fields are
 * its own: counted over the address's own requests, never another prospect's (staff's Lead links those too).
 */
@ObjectType({ description: 'A contact request as Segmentia holds it: every field staff see, and the notifications sent' })
export class MyRequest extends OmitType(Lead, ['repeatOf', 'requestNumber', 'requestedAudiences'] as const, ObjectType) {
  @Field(() => LeadReference, {
    nullable: true,
    description: "The first of this address's own requests in the 90 days before this one; null: the first",
  })
  repeatOf: LeadReference | null;

  @Field(() => Int, { description: "This request's place among this address's own requests of those 90 days: 1 for the first" })
  requestNumber: number;

  @Field(() => [MyRequestedAudience], { description: "The explorer's audiences asked for with the request" })
  requestedAudiences: MyRequestedAudience[];

  @Field(() => [MyNotification])
  notifications: MyNotification[];
}

/** A written objection as its sender sees it: staff's fields without the staff account that answered it. */
@ObjectType({ description: 'A written objection to the audiences sent from the privacy centre with the address' })
export class MyObjection extends OmitType(AudienceObjection, ['answeredBy'] as const, ObjectType) {}

@ObjectType({ description: 'What Segmentia holds about the contact requests of one address (the privacy centre)' })
export class MyRequestData {
  @Field({ description: 'The address the link was sent to' })
  email: string;

  @Field(() => GraphQLISODateTime, { description: 'When the link stops working' })
  expiresAt: Date;

  @Field(() => [MyRequest], { description: 'Newest first; empty when none is left' })
  requests: MyRequest[];

  @Field(() => [MyObjection], { description: "The address's written objections (any case), newest first" })
  objections: MyObjection[];
}

@ObjectType({ description: "That the address's requests and objections were erased: the link is dead from now" })
export class MyDataErasure {
  @Field(() => GraphQLISODateTime)
  erasedAt: Date;

  @Field(() => Int, { description: 'How many requests were erased' })
  count: number;

  @Field(() => Int, { description: 'How many written objections were erased' })
  objections: number;
}

@ObjectType({ description: 'The same answer whether or not the address has a request: only its mailbox learns which' })
export class MyDataLinkReceipt {
  @Field({ description: 'Always true' })
  sent: boolean;
}

import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { StaffActionKind } from '../../generated/prisma/enums';
import { LeadStatus } from './lead.model';

registerEnumType(StaffActionKind, {
  name: 'StaffActionKind',
  description: 'What a staff member did with leads',
  valuesMap: {
    VIEW: { description: "Opened the lead's details" },
    LIST: { description: 'Read a page of the list of leads' },
    EXPORT: { description: 'Exported leads as CSV' },
    STATUS: { description: "Changed the lead's status (to SPAM: marked it as spam)" },
    ERASE: { description: 'Erased a lead' },
    OBJECTION_ANSWERED: { description: 'Marked a written objection to the audiences as answered (no lead)' },
  },
});
export { StaffActionKind };

@ObjectType({ description: 'What a staff member did with a lead, and when: the account, never the lead’s data (staff only)' })
export class StaffAction {
  @Field(() => ID)
  id: string;

  @Field(() => GraphQLISODateTime)
  actedAt: Date;

  @Field(() => StaffActionKind)
  kind: StaffActionKind;

  @Field({ description: "The staff account's Firebase uid" })
  staffUid: string;

  @Field({ description: "The staff account's verified email" })
  staffEmail: string;

  @Field(() => LeadStatus, { nullable: true, description: 'STATUS: the status the lead was given' })
  status: LeadStatus | null;
}

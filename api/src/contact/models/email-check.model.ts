import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import { EmailKind } from '../email-domains';
registerEnumType(EmailKind, {
  name: 'EmailKind',
  description: "A company's address, a free mailbox anyone can open (allowed, flagged), or a disposable one (refused)",
});

@ObjectType({ description: 'What the form tells a visitor about the address typed, before sending' })
export class EmailCheck {
  @Field(() => EmailKind)
  kind: EmailKind;

  @Field(() => String, {
    nullable: true,
    description: 'The address with a likely typo of its domain corrected ("gmial.com" → "gmail.com")',
  })
  suggestion: string | null;
}

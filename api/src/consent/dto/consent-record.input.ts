import { Field, ID, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsBoolean, IsEnum, IsUUID, Matches } from 'class-validator';
import { Locale } from '../../common/locale';

@InputType({ description: "A visitor's cookie decision, recorded as proof of consent" })
export class ConsentRecordInput {
  @Field(() => ID, { description: "The browser's random consent id (a UUID it keeps with the choice)" })
  @IsUUID()
  consentId: string;

  @Field(() => ID, { description: 'A UUID for this decision: sending it again stores it once' })
  @IsUUID()
  decisionId: string;

  @Field(() => [String], { description: 'Ids of the cookies the decision enables, e.g. ["consent", "language", "analytics"]' })
  @IsArray()
  @ArrayMaxSize(20)
  @Matches(/^[a-z][a-z0-9-]{0,39}$/, { each: true, message: 'enabledIds must be cookie ids such as analytics' })
  enabledIds: string[];

  @Field({ description: 'Revision of the cookie configuration the visitor saw (the tilde-joined ids of all cookies)' })
  @Matches(/^[a-z0-9~-]{1,200}$/, { message: 'revision must be the tilde-joined cookie ids, such as consent~language~analytics' })
  revision: string;

  @Field(() => Locale)
  @IsEnum(Locale)
  locale: Locale;

  @Field({
    defaultValue: false,
    description:
      'The browser sent the Global Privacy Control signal (Sec-GPC: 1, ' +
      'navigator.globalPrivacyControl): marketing stayed off without asking',
  })
  @IsBoolean()
  gpc: boolean = false;
}

import { Field, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEmail, IsEnum, IsString, MaxLength } from 'class-validator';
import { CONTACT_LIMITS } from '@segmentia/contracts/contact';
import { Locale } from '../../common/locale';
import { IsSingleLine } from '../../common/text-characters';

@InputType({ description: "A request for a link to the data of one's contact requests (the privacy centre)" })
export class RequestMyDataLinkInput {
  @Field({ description: 'The address the requests were sent with: the link goes to it, and only if it has one' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail()
  @MaxLength(CONTACT_LIMITS.email.max)
  @IsSingleLine()
  email: string;

  @Field(() => Locale, { description: "The page's language: the email's, and the link's page" })
  @IsEnum(Locale)
  locale: Locale;

  @Field({
    description:
      "The widget's base64 payload of a solved contactChallenge, each serving one request; refused with the field code " +
      'altchaMissing, altchaInvalid, altchaExpired or altchaReused',
  })
  @IsString()
  @MaxLength(4000)
  altcha: string;
}

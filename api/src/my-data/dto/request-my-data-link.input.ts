import { Field, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEmail, IsEnum, IsString, MaxLength } from 'class-validator';
import { CONTACT_LIMITS } from '@segmentia/contracts/contact';
import { IsAsciiEmail } from '../../common/ascii-email';
import { Locale } from '../../common/locale';
import { IsSingleLine } from '../../common/text-characters';

@InputType({ description: "A request for a link to the data of one's contact requests (the privacy centre)" })
export class RequestMyDataLinkInput {
  @Field({
    description:
      'The address the requests were sent with, in any case: the link goes to it as the requests store it, only if it ' +
      'has one; printable ASCII without quotes (isAsciiEmail)',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail()
  @IsAsciiEmail()
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

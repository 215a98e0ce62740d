import { Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEmail, IsEnum, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { OBJECTION_LIMITS } from '@segmentia/contracts/privacy';
import { IsAsciiEmail } from '../../common/ascii-email';
import { Locale } from '../../common/locale';
import { IsPlainText, IsSingleLine } from '../../common/text-characters';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

@InputType({ description: "A web browser's written objection to the audiences, sent from the privacy centre; staff answer it by email" })
export class ObjectionInput {
  @Field(() => ID, { description: 'UUID made by the client: sending it again never stores the objection twice' })
  @IsUUID()
  requestId: string;

  @Field({ description: 'Where staff answer' })
  @Transform(trim)
  @IsEmail()
  @IsAsciiEmail()
  @MaxLength(OBJECTION_LIMITS.email.max)
  @IsSingleLine()
  email: string;

  @Field()
  @Transform(trim)
  @IsString()
  @MinLength(OBJECTION_LIMITS.message.min)
  @MaxLength(OBJECTION_LIMITS.message.max)
  @IsPlainText()
  message: string;

  @Field(() => Locale, { description: 'The language staff answer in' })
  @IsEnum(Locale)
  locale: Locale;

  @Field(() => String, { nullable: true, description: "The ALTCHA widget's base64 payload: a solved contactChallenge" })
  @IsOptional()
  @IsString()
  altcha?: string;
}

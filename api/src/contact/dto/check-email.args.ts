import { ArgsType, Field } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';
import { CONTACT_LIMITS } from '@segmentia/contracts/contact';
import { IsSingleLine } from '../../common/text-characters';

@ArgsType()
export class CheckEmailArgs {
  @Field()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail()
  @MaxLength(CONTACT_LIMITS.email.max)
  @IsSingleLine()
  email: string;
}

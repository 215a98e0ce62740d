import { ArgsType, Field } from '@nestjs/graphql';
import { IsEnum, IsOptional, IsString, MaxLength } from 'class-validator';
import { Locale } from '../../common/locale';

@ArgsType()
export class MyDataTokenArgs {
  @Field({ description: "The link's token: what follows #token= in the emailed link" })
  @IsString()
  @MaxLength(100)
  token: string;
}

@ArgsType()
export class MyRequestDataArgs extends MyDataTokenArgs {
  @Field(() => Locale, { nullable: true, description: "The page's language, for the audiences' names; the link's language when absent" })
  @IsOptional()
  @IsEnum(Locale)
  locale?: Locale | null;
}

import { ArgsType, Field } from '@nestjs/graphql';
import { IsEnum, Matches } from 'class-validator';
import { Locale } from '../../common/locale';

@ArgsType()
export class LocaleArgs {
  @Field(() => Locale)
  @IsEnum(Locale)
  locale: Locale;
}

@ArgsType()
export class AudiencesArgs extends LocaleArgs {
  @Field({ description: 'ISO 3166-1 alpha-2 code of one of the countries' })
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code such as ES' })
  country: string;

  @Field({ description: 'Slug of one of the topics' })
  @Matches(/^[a-z][a-z-]{0,39}$/, { message: 'topic must be a topic slug such as automotive' })
  topic: string;
}

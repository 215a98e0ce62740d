import { ArgsType, Field, Int } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEnum, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Locale } from '../../common/locale';
import { IsSingleLine } from '../../common/text-characters';
import { SEARCH_LIMITS } from '@segmentia/contracts/search';

@ArgsType()
export class LocaleArgs {
  @Field(() => Locale)
  @IsEnum(Locale)
  locale: Locale;
}

@ArgsType()
export class CountryArgs extends LocaleArgs {
  @Field({ description: 'ISO 3166-1 alpha-2 code of one of the countries' })
  @Matches(/^[A-Z]{2}$/, { message: 'country must be a two-letter country code such as ES' })
  country: string;
}

@ArgsType()
export class SearchAudiencesArgs extends CountryArgs {
  @Field({ description: 'Words of an audience name in the language, accents and case aside (2 to 60 characters)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(SEARCH_LIMITS.min)
  @MaxLength(SEARCH_LIMITS.max)
  @IsSingleLine()
  text: string;

  @Field(() => Int, { defaultValue: 20, description: 'At most this many, 1 to 50' })
  @IsInt()
  @Min(1)
  @Max(50)
  first: number = 20;
}

@ArgsType()
export class AudiencesArgs extends CountryArgs {
  @Field({ description: 'Slug of one of the topics' })
  @Matches(/^[a-z][a-z-]{0,39}$/, { message: 'topic must be a topic slug such as automotive' })
  topic: string;
}

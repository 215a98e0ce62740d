import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import { IsDate, IsEnum, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Locale } from '../../common/locale';
import { IsSingleLine } from '../../common/text-characters';
import { Interest } from '../../contact/contact.enums';
import { LeadStatus } from '../models/lead.model';

const trimToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined));

@InputType({ description: 'Every field narrows the list; none given: all leads' })
export class LeadsFilter {
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Received at or after' })
  @IsOptional()
  @IsDate()
  receivedFrom?: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Received before' })
  @IsOptional()
  @IsDate()
  receivedTo?: Date;

  @Field(() => LeadStatus, { nullable: true })
  @IsOptional()
  @IsEnum(LeadStatus)
  status?: LeadStatus;

  @Field(() => Interest, { nullable: true })
  @IsOptional()
  @IsEnum(Interest)
  interest?: Interest;

  @Field(() => Locale, { nullable: true })
  @IsOptional()
  @IsEnum(Locale)
  locale?: Locale;

  @Field(() => String, { nullable: true, description: 'Found in the agency, the contact name or the email, any case' })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString()
  @MaxLength(100)
  @IsSingleLine()
  search?: string;

  @Field(() => String, {
    nullable: true,
    description: "Found in the lead's utm_source, utm_medium, utm_campaign or referring host, any case",
  })
  @IsOptional()
  @Transform(trimToUndefined)
  @IsString()
  @MaxLength(100)
  @IsSingleLine()
  source?: string;

  @Field(() => Int, { nullable: true, description: 'Only leads whose fit score is at least this, 0 to 100' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100)
  minFitScore?: number;
}

export enum LeadOrder {
  NEWEST = 'NEWEST',
  BEST_FIT = 'BEST_FIT',
}
registerEnumType(LeadOrder, {
  name: 'LeadOrder',
  valuesMap: { NEWEST: { description: 'Newest first' }, BEST_FIT: { description: 'Highest fit score first, newest first among equals' } },
});

@ArgsType()
export class FilteredLeadsArgs {
  @Field(() => LeadsFilter, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => LeadsFilter)
  filter?: LeadsFilter;
}

@ArgsType()
export class LeadsArgs extends FilteredLeadsArgs {
  @Field(() => Int, { defaultValue: 25, description: 'Page size, 1 to 100' })
  @IsInt()
  @Min(1)
  @Max(100)
  first: number = 25;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;

  @Field(() => LeadOrder, { defaultValue: LeadOrder.NEWEST })
  @IsEnum(LeadOrder)
  orderBy: LeadOrder = LeadOrder.NEWEST;
}

export enum CsvSeparator {
  COMMA = ',',
  SEMICOLON = ';',
}
registerEnumType(CsvSeparator, {
  name: 'CsvSeparator',
  description:
    'Spreadsheets read the list separator of their language: a comma in English, a semicolon in Spanish, German, Italian and French',
});

@ArgsType()
export class LeadsCsvArgs extends FilteredLeadsArgs {
  @Field(() => CsvSeparator, { defaultValue: CsvSeparator.COMMA })
  @IsEnum(CsvSeparator)
  separator: CsvSeparator = CsvSeparator.COMMA;
}

@ArgsType()
export class LeadIdArgs {
  @Field(() => ID)
  @IsUUID()
  id: string;
}

@ArgsType()
export class UpdateLeadStatusArgs extends LeadIdArgs {
  @Field(() => LeadStatus)
  @IsEnum(LeadStatus)
  status: LeadStatus;
}

@ArgsType()
export class ActivityArgs {
  @Field(() => Int, { defaultValue: 50, description: 'The newest this many, 1 to 200' })
  @IsInt()
  @Min(1)
  @Max(200)
  first: number = 50;
}

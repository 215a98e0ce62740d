import { ArgsType, Field, GraphQLISODateTime, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsDate, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

@ArgsType()
export class SuppressionsArgs {
  @Field(() => GraphQLISODateTime, { description: 'Suppressions stored at or after this moment' })
  @Type(() => Date)
  @IsDate()
  since: Date;

  @Field(() => Int, { defaultValue: 1000, description: 'Page size, 1 to 5000' })
  @IsInt()
  @Min(1)
  @Max(5000)
  first: number = 1000;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;
}

import { ArgsType, Field, GraphQLISODateTime, ID, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsDate, IsInt, IsOptional, IsString, IsUUID, Max, Min, MaxLength } from 'class-validator';

@ArgsType()
export class SuppressionsArgs {
  @Field(() => GraphQLISODateTime, { description: 'Opt-outs stored at or after this moment' })
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

@ArgsType()
export class ObjectionsArgs {
  @Field(() => Int, { defaultValue: 50, description: 'How many, 1 to 200' })
  @IsInt()
  @Min(1)
  @Max(200)
  first: number = 50;
}

@ArgsType()
export class ObjectionIdArgs {
  @Field(() => ID)
  @IsUUID()
  id: string;
}

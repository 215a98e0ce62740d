import { ArgsType, Field, ID, Int } from '@nestjs/graphql';
import { IsInt, IsUUID, Max, Min } from 'class-validator';

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

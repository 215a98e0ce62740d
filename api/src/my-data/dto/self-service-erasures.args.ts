import { ArgsType, Field, Int } from '@nestjs/graphql';
import { IsInt, Max, Min } from 'class-validator';

@ArgsType()
export class SelfServiceErasuresArgs {
  @Field(() => Int, { defaultValue: 20, description: 'How many, 1 to 100' })
  @IsInt()
  @Min(1)
  @Max(100)
  first: number = 20;
}

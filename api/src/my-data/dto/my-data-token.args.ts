import { ArgsType, Field } from '@nestjs/graphql';
import { IsString, MaxLength } from 'class-validator';

@ArgsType()
export class MyDataTokenArgs {
  @Field({ description: "The link's token: what follows #token= in the emailed link" })
  @IsString()
  @MaxLength(100)
  token: string;
}

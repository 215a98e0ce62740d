import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A country where audiences can be activated' })
export class Country {
  @Field({ description: 'ISO 3166-1 alpha-2 code, e.g. ES' })
  code: string;

  @Field({ description: 'The name in the requested language' })
  name: string;
}

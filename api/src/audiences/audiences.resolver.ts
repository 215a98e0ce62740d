import { Args, Query, Resolver } from '@nestjs/graphql';
import { AudiencesService } from './audiences.service';
import { AudiencesArgs, LocaleArgs } from './dto/audiences.args';
import { Audience } from './models/audience.model';
import { Country } from './models/country.model';
import { Topic } from './models/topic.model';

@Resolver()
export class AudiencesResolver {
  constructor(private readonly audiences: AudiencesService) {}

  @Query(() => [Country], { description: 'The covered countries, sorted by name in the language', complexity: 5 })
  countries(@Args() { locale }: LocaleArgs): Promise<Country[]> {
    return this.audiences.countries(locale);
  }

  @Query(() => [Topic], { description: 'The interest categories, in display order', complexity: 5 })
  topics(@Args() { locale }: LocaleArgs): Promise<Topic[]> {
    return this.audiences.topics(locale);
  }

  @Query(() => [Audience], { name: 'audiences', description: "A topic's audiences in a country, largest first", complexity: 20 })
  findAudiences(@Args() { country, topic, locale }: AudiencesArgs): Promise<Audience[]> {
    return this.audiences.audiences(country, topic, locale);
  }
}

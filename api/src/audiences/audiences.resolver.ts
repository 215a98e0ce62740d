import { Args, Info, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { RateLimit } from '../common/rate-limit/gql-throttler.guard';
import { AudiencesService } from './audiences.service';
import { cacheAsCatalog } from './catalog-changes';
import { AudiencesArgs, CountryArgs, LocaleArgs, SearchAudiencesArgs } from './dto/audiences.args';
import { Audience } from './models/audience.model';
import { Country } from './models/country.model';
import { Topic } from './models/topic.model';

/**
 * Public: every query spends the client's `query` budget, the search its `search` budget (an answer from the
 * response cache spends nothing).
 */
@Resolver()
export class AudiencesResolver {
  constructor(private readonly audiences: AudiencesService) {}

  @RateLimit('query')
  @Query(() => [Country], { description: 'The covered countries, sorted by name in the language', complexity: 5 })
  countries(@Args() { locale }: LocaleArgs, @Info() info: GraphQLResolveInfo): Promise<Country[]> {
    cacheAsCatalog(info);
    return this.audiences.countries(locale);
  }

  @RateLimit('query')
  @Query(() => [Topic], { description: 'The interest categories, in display order', complexity: 5 })
  topics(@Args() { locale }: LocaleArgs, @Info() info: GraphQLResolveInfo): Promise<Topic[]> {
    cacheAsCatalog(info);
    return this.audiences.topics(locale);
  }

  @RateLimit('query')
  @Query(() => [Audience], { name: 'audiences', description: "A topic's audiences in a country, largest first", complexity: 20 })
  findAudiences(@Args() { country, topic, locale }: AudiencesArgs, @Info() info: GraphQLResolveInfo): Promise<Audience[]> {
    cacheAsCatalog(info);
    return this.audiences.audiences(country, topic, locale);
  }

  @RateLimit('query')
  @Query(() => [Audience], {
    description: "Every audience of a country, topic by topic in display order, largest first in each (a planner's download)",
    complexity: 50,
  })
  countryAudiences(@Args() { country, locale }: CountryArgs, @Info() info: GraphQLResolveInfo): Promise<Audience[]> {
    cacheAsCatalog(info);
    return this.audiences.countryAudiences(country, locale);
  }

  @Query(() => [Audience], {
    description:
      "A country's audiences of every topic whose name in the language holds " +
      'the words (accents and case aside, near misses too), closest first',
    complexity: 20,
  })
  @RateLimit('search')
  searchAudiences(@Args() { country, text, locale, first }: SearchAudiencesArgs, @Info() info: GraphQLResolveInfo): Promise<Audience[]> {
    cacheAsCatalog(info);
    return this.audiences.search(country, text, locale, first);
  }
}

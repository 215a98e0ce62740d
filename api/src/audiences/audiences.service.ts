import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { badUserInput } from '../common/errors/errors';
import { LOCALE_TAGS, type Locale } from '../common/locale';
import { PrismaService } from '../prisma/prisma.service';
import type { Audience } from './models/audience.model';
import type { Country } from './models/country.model';
import type { Topic } from './models/topic.model';
import { CATALOG_MAX_AGE_SECONDS } from './catalog';
import { CatalogChanges } from './catalog-changes';

interface Catalog {
  countries: Map<Locale, Country[]>;
  topics: Map<Locale, Topic[]>;
  countryCodes: Set<string>;
  topicSlugs: Set<string>;
}

/**
 * The explorer's data changes only when the seed runs, and every visitor asks
 * the same few hundred questions: answers are kept in memory until the seed
 * says the catalog changed, a minute at most. lru-cache shares one database
 * read among concurrent askers and keeps no failure.
 */
const CACHE_TTL_MS = CATALOG_MAX_AGE_SECONDS * 1000;

@Injectable()
export class AudiencesService {
  private readonly catalog = new LRUCache<'catalog', Catalog>({
    max: 1,
    ttl: CACHE_TTL_MS,
    // A read under way when the catalog changes still answers whoever waits for it.
    ignoreFetchAbort: true,
    fetchMethod: () => this.readCatalog(),
  });
  private readonly audienceLists = new LRUCache<string, Audience[], { country: string; topic: string; locale: Locale }>({
    max: 2000,
    ttl: CACHE_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.readAudiences(context.country, context.topic, context.locale),
  });

  constructor(
    private readonly prisma: PrismaService,
    changes: CatalogChanges,
  ) {
    changes.onChange(() => {
      this.catalog.clear();
      this.audienceLists.clear();
    });
  }

  async countries(locale: Locale): Promise<Country[]> {
    return (await this.loadCatalog()).countries.get(locale) ?? [];
  }

  async topics(locale: Locale): Promise<Topic[]> {
    return (await this.loadCatalog()).topics.get(locale) ?? [];
  }

  /** The topic's audiences in the country, largest first. */
  async audiences(country: string, topic: string, locale: Locale): Promise<Audience[]> {
    const catalog = await this.loadCatalog();
    const unknown = {
      ...(!catalog.countryCodes.has(country) && {
        country: [{ code: 'unknownCountry', message: `country "${country}" is not one of the covered countries` }],
      }),
      ...(!catalog.topicSlugs.has(topic) && {
        topic: [{ code: 'unknownTopic', message: `topic "${topic}" is not one of the topics` }],
      }),
    };
    if (Object.keys(unknown).length) throw badUserInput(unknown);
    return (await this.audienceLists.fetch(`${country}:${topic}:${locale}`, { context: { country, topic, locale } }))!;
  }

  private readAudiences(country: string, topic: string, locale: Locale): Promise<Audience[]> {
    // One range scan of audience_reach (country_code, topic_slug, size DESC),
    // then the name by the translation's primary key.
    return this.prisma.$queryRaw<Audience[]>`
      SELECT r.audience_slug AS id, t.name AS interest, r.size AS "audienceSize"
      FROM audience_reach r
      JOIN audience_translation t ON t.audience_slug = r.audience_slug AND t.locale = ${locale}::"Locale"
      WHERE r.country_code = ${country} AND r.topic_slug = ${topic}
      ORDER BY r.size DESC, r.audience_slug`;
  }

  private async loadCatalog(): Promise<Catalog> {
    return (await this.catalog.fetch('catalog'))!;
  }

  private async readCatalog(): Promise<Catalog> {
    const [countries, topics] = await Promise.all([
      this.prisma.countryTranslation.findMany({ select: { countryCode: true, locale: true, name: true } }),
      this.prisma.topicTranslation.findMany({
        select: { topicSlug: true, locale: true, name: true, description: true, topic: { select: { icon: true, position: true } } },
        orderBy: { topic: { position: 'asc' } },
      }),
    ]);
    const byLocale = <T>(rows: { locale: Locale; item: T }[]) => {
      const map = new Map<Locale, T[]>();
      for (const { locale, item } of rows) map.set(locale, [...(map.get(locale) ?? []), item]);
      return map;
    };
    const countryMap = byLocale(countries.map(({ locale, countryCode, name }) => ({ locale, item: { code: countryCode, name } })));
    for (const [locale, list] of countryMap) {
      const collator = new Intl.Collator(LOCALE_TAGS[locale]);
      list.sort((a, b) => collator.compare(a.name, b.name));
    }
    return {
      countries: countryMap,
      topics: byLocale(
        topics.map(({ locale, topicSlug, name, description, topic }) => ({
          locale,
          item: { slug: topicSlug, name, description, icon: topic.icon },
        })),
      ),
      countryCodes: new Set(countries.map((row) => row.countryCode)),
      topicSlugs: new Set(topics.map((row) => row.topicSlug)),
    };
  }
}

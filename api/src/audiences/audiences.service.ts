import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { badUserInput } from '../common/errors/errors';
import { LOCALE_TAGS, type Locale } from '../common/locale';
import { PrismaService } from '../prisma/prisma.service';
import type { Audience } from './models/audience.model';
import type { Country } from './models/country.model';
import type { RequestedAudience } from './models/requested-audience.model';
import type { Topic } from './models/topic.model';
import { CATALOG_MAX_AGE_SECONDS } from './catalog';
import { CatalogChanges } from './catalog-changes';
import { currentTopic, segmentId, taxonomyPath } from '@segmentia/contracts/segments';

/** An audience as read, with the names its paths are made of. */
interface AudienceRow {
  id: string;
  interest: string;
  audienceSize: number;
  topic: string;
  topicName: string;
  englishTopicName: string;
  englishInterest: string;
}

const toAudience =
  (country: string) =>
  ({ topicName, englishTopicName, englishInterest, ...audience }: AudienceRow): Audience => ({
    ...audience,
    segmentId: segmentId(country, audience.topic, audience.id),
    taxonomyPath: taxonomyPath(topicName, audience.interest),
    englishTaxonomyPath: taxonomyPath(englishTopicName, englishInterest),
  });

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
  private readonly audienceLists = new LRUCache<string, Audience[], { country: string; topic: string | null; locale: Locale }>({
    max: 2000,
    ttl: CACHE_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.readAudiences(context.country, context.topic, context.locale),
  });
  /** Searches asked again (the explorer's debounced typing, the same words from many visitors). */
  private readonly searches = new LRUCache<string, Audience[], { country: string; text: string; locale: Locale; first: number }>({
    max: 5000,
    ttl: CACHE_TTL_MS,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => this.readSearch(context.country, context.text, context.locale, context.first),
  });

  constructor(
    private readonly prisma: PrismaService,
    changes: CatalogChanges,
  ) {
    changes.onChange(() => {
      this.catalog.clear();
      this.audienceLists.clear();
      this.searches.clear();
    });
  }

  async countries(locale: Locale): Promise<Country[]> {
    return (await this.loadCatalog()).countries.get(locale) ?? [];
  }

  async topics(locale: Locale): Promise<Topic[]> {
    return (await this.loadCatalog()).topics.get(locale) ?? [];
  }

  /**
   * The topic's audiences in the country, largest first. A renamed topic's old
   * id answers as the topic (a page built before the rename asks with it).
   */
  async audiences(country: string, asked: string, locale: Locale): Promise<Audience[]> {
    const topic = currentTopic(asked);
    const catalog = await this.loadCatalog();
    const unknown = {
      ...unknownCountry(catalog, country),
      ...(!catalog.topicSlugs.has(topic) && {
        topic: [{ code: 'unknownTopic', message: `topic "${topic}" is not one of the topics` }],
      }),
    };
    if (Object.keys(unknown).length) throw badUserInput(unknown);
    return (await this.audienceLists.fetch(`${country}:${topic}:${locale}`, { context: { country, topic, locale } }))!;
  }

  /**
   * The catalogue's audiences of these (country, audience) pairs, as a seat
   * names them; `unknown` lists the pairs it does not have.
   */
  async resolve(
    pairs: { country: string; audience: string }[],
  ): Promise<{ found: RequestedAudience[]; unknown: { country: string; audience: string }[] }> {
    if (!pairs.length) return { found: [], unknown: [] };
    const rows = await this.prisma.$queryRaw<{ country: string; audience: string; topic: string; topicName: string; interest: string }[]>`
      SELECT r.country_code AS country, r.audience_slug AS audience, r.topic_slug AS topic, te.name AS "topicName", e.name AS interest
      FROM audience_reach r
      JOIN audience_translation e ON e.audience_slug = r.audience_slug AND e.locale = 'EN'
      JOIN topic_translation te ON te.topic_slug = r.topic_slug AND te.locale = 'EN'
      WHERE (r.country_code, r.audience_slug) IN (SELECT * FROM unnest(${pairs.map((pair) => pair.country)}::text[],
        ${pairs.map((pair) => pair.audience)}::text[]))`;
    const byKey = new Map(rows.map((row) => [`${row.country}:${row.audience}`, row]));
    const found = pairs.flatMap((pair) => {
      const row = byKey.get(`${pair.country}:${pair.audience}`);
      return row
        ? [
            {
              ...pair,
              segmentId: segmentId(row.country, row.topic, row.audience),
              englishTaxonomyPath: taxonomyPath(row.topicName, row.interest),
            },
          ]
        : [];
    });
    return { found, unknown: pairs.filter((pair) => !byKey.has(`${pair.country}:${pair.audience}`)) };
  }

  /**
   * The taxonomy paths in a language of these (country, audience) pairs, keyed `country:audience` (the names of
   * requests stored earlier, shown in the page's language); a pair the catalogue no longer has is left out.
   */
  async taxonomyPaths(pairs: { country: string; audience: string }[], locale: Locale): Promise<Map<string, string>> {
    if (!pairs.length) return new Map();
    const rows = await this.prisma.$queryRaw<{ country: string; audience: string; topicName: string; interest: string }[]>`
      SELECT r.country_code AS country, r.audience_slug AS audience, tt.name AS "topicName", t.name AS interest
      FROM audience_reach r
      JOIN audience_translation t ON t.audience_slug = r.audience_slug AND t.locale = ${locale}::"Locale"
      JOIN topic_translation tt ON tt.topic_slug = r.topic_slug AND tt.locale = ${locale}::"Locale"
      WHERE (r.country_code, r.audience_slug) IN (SELECT * FROM unnest(${pairs.map((pair) => pair.country)}::text[],
        ${pairs.map((pair) => pair.audience)}::text[]))`;
    return new Map(rows.map((row) => [`${row.country}:${row.audience}`, taxonomyPath(row.topicName, row.interest)]));
  }

  /** Every audience of the country: topic by topic in the catalog's order, largest first in each (the planners' CSV). */
  async countryAudiences(country: string, locale: Locale): Promise<Audience[]> {
    const unknown = unknownCountry(await this.loadCatalog(), country);
    if (unknown) throw badUserInput(unknown);
    return (await this.audienceLists.fetch(`${country}:*:${locale}`, { context: { country, topic: null, locale } }))!;
  }

  /**
   * The country's audiences, across topics, whose name in the language holds
   * the text or comes close to a word of it, accents and case aside: the
   * closest first (a name that starts with it, then by trigram word
   * similarity), then the largest. PostgreSQL does it (unaccent and a
   * trigram index on the names), and the answers are cached as the lists are.
   */
  async search(country: string, text: string, locale: Locale, first: number): Promise<Audience[]> {
    const catalog = await this.loadCatalog();
    const unknown = unknownCountry(catalog, country);
    if (unknown) throw badUserInput(unknown);
    const words = text.trim().replace(/\s+/g, ' ').toLowerCase();
    return (await this.searches.fetch(`${country}:${locale}:${first}:${words}`, { context: { country, text: words, locale, first } }))!;
  }

  private async readAudiences(country: string, topic: string | null, locale: Locale): Promise<Audience[]> {
    // One range scan of audience_reach (country_code, topic_slug, size DESC),
    // then the names by the translations' primary keys; every topic when none is given.
    const rows = await this.prisma.$queryRaw<AudienceRow[]>`
      SELECT r.audience_slug AS id, t.name AS interest, r.size AS "audienceSize", r.topic_slug AS topic,
        tt.name AS "topicName", te.name AS "englishTopicName", e.name AS "englishInterest"
      FROM audience_reach r
      JOIN audience_translation t ON t.audience_slug = r.audience_slug AND t.locale = ${locale}::"Locale"
      JOIN audience_translation e ON e.audience_slug = r.audience_slug AND e.locale = 'EN'
      JOIN topic_translation tt ON tt.topic_slug = r.topic_slug AND tt.locale = ${locale}::"Locale"
      JOIN topic_translation te ON te.topic_slug = r.topic_slug AND te.locale = 'EN'
      JOIN topic p ON p.slug = r.topic_slug
      WHERE r.country_code = ${country} AND (${topic}::text IS NULL OR r.topic_slug = ${topic})
      ORDER BY p.position, r.size DESC, r.audience_slug`;
    return rows.map(toAudience(country));
  }

  private async readSearch(country: string, text: string, locale: Locale, first: number): Promise<Audience[]> {
    // The names' trigram index (audience_translation_search_idx, on
    // search_text(name)) finds the candidates; the country's reach row joins by its key.
    const rows = await this.prisma.$queryRaw<AudienceRow[]>`
      WITH q AS (SELECT search_text(${text}) AS words)
      SELECT r.audience_slug AS id, t.name AS interest, r.size AS "audienceSize", r.topic_slug AS topic,
        tt.name AS "topicName", te.name AS "englishTopicName", e.name AS "englishInterest"
      FROM q
      JOIN audience_translation t ON t.locale = ${locale}::"Locale"
        AND (search_text(t.name) LIKE '%' || q.words || '%' OR q.words <% search_text(t.name))
      JOIN audience_reach r ON r.country_code = ${country} AND r.audience_slug = t.audience_slug
      JOIN audience_translation e ON e.audience_slug = r.audience_slug AND e.locale = 'EN'
      JOIN topic_translation tt ON tt.topic_slug = r.topic_slug AND tt.locale = ${locale}::"Locale"
      JOIN topic_translation te ON te.topic_slug = r.topic_slug AND te.locale = 'EN'
      ORDER BY search_text(t.name) LIKE q.words || '%' DESC,
        search_text(t.name) LIKE '%' || q.words || '%' DESC,
        word_similarity(q.words, search_text(t.name)) DESC,
        r.size DESC, r.audience_slug
      LIMIT ${first}`;
    return rows.map(toAudience(country));
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

function unknownCountry(catalog: Catalog, country: string) {
  return catalog.countryCodes.has(country)
    ? undefined
    : { country: [{ code: 'unknownCountry', message: `country "${country}" is not one of the covered countries` }] };
}

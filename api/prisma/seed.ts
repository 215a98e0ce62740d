import type { PrismaClient } from '../src/generated/prisma/client';
import { CATALOG_CHANNEL } from '../src/audiences/catalog';
import { AUDIENCES, COUNTRIES, LOCALES, TOPICS, type Translations } from './seed/catalog';

/**
 * Alcohol may not be advertised in these markets (or only in ways audiences
 * cannot serve): their alcohol audiences are not offered. Saudi Arabia, the
 * United Arab Emirates and Morocco; Norway (a total ban, Alkoholloven § 9-2);
 * Türkiye (Law 4250 and Law 4733).
 */
const ALCOHOL_AUDIENCES = new Set(['wine-lovers', 'spirits-cocktail-fans', 'craft-beer-fans']);
export const NO_ALCOHOL_COUNTRIES = new Set(['SA', 'AE', 'MA', 'NO', 'TR']);

/**
 * A stable adjustment in [0.6, 1.4] for each country and audience, so reach is
 * not a flat share everywhere. Derived from the pair's codes (FNV-1a), not from
 * measured data, and the same on every run: the legal notice says so
 * (legal.json `audience-estimates`).
 */
export function affinity(country: string, audience: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${country}:${audience}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return 0.6 + (hash % 10_000) / 12_500;
}

/** Unique users of an audience in a country: online users × share × affinity, to the hundred, never above the online population. */
export function reach(onlineUsers: number, penetration: number, factor: number): number {
  return Math.min(onlineUsers, Math.round((onlineUsers * penetration * factor) / 100) * 100);
}

function translationRows<T extends { names: Translations }>(items: readonly T[], key: (item: T) => string) {
  return items.flatMap((item) => LOCALES.map((locale) => [key(item), locale.toUpperCase(), item.names[locale]] as const));
}

const column = <T>(rows: readonly (readonly unknown[])[], index: number) => rows.map((row) => row[index] as T);

/**
 * Writes the explorer's reference data. Idempotent: a row is written only
 * when it is missing or differs, so a second run changes nothing.
 * Returns the number of rows inserted or updated.
 */
export async function seed(prisma: PrismaClient): Promise<number> {
  const countryNames = translationRows(COUNTRIES, (country) => country.code);
  const topicNames = TOPICS.flatMap((topic) =>
    LOCALES.map((locale) => [topic.slug, locale.toUpperCase(), topic.names[locale], topic.descriptions[locale]] as const),
  );
  const audienceNames = translationRows(AUDIENCES, (audience) => audience.slug);
  const reaches = COUNTRIES.flatMap((country) =>
    AUDIENCES.filter((audience) => !(ALCOHOL_AUDIENCES.has(audience.slug) && NO_ALCOHOL_COUNTRIES.has(country.code))).map(
      (audience) =>
        [
          country.code,
          audience.slug,
          audience.topic,
          reach(country.onlineUsers, audience.penetration, affinity(country.code, audience.slug)),
        ] as const,
    ),
  );

  return prisma.$transaction(async (tx) => {
    const counts = [
      await tx.$executeRaw`
        INSERT INTO country (code, online_users)
        SELECT * FROM unnest(${COUNTRIES.map((c) => c.code)}::text[], ${COUNTRIES.map((c) => c.onlineUsers)}::int[])
        ON CONFLICT (code) DO UPDATE SET online_users = EXCLUDED.online_users
        WHERE country.online_users IS DISTINCT FROM EXCLUDED.online_users`,
      await tx.$executeRaw`
        INSERT INTO country_translation (country_code, locale, name)
        SELECT code, locale::"Locale", name
        FROM unnest(${column<string>(countryNames, 0)}::text[],
          ${column<string>(countryNames, 1)}::text[],
          ${column<string>(countryNames, 2)}::text[]) AS t(code, locale, name)
        ON CONFLICT (country_code, locale) DO UPDATE SET name = EXCLUDED.name
        WHERE country_translation.name IS DISTINCT FROM EXCLUDED.name`,
      await tx.$executeRaw`
        INSERT INTO topic (slug, position, icon)
        SELECT * FROM unnest(${TOPICS.map((t) => t.slug)}::text[],
          ${TOPICS.map((_, index) => index + 1)}::int[], ${TOPICS.map((t) => t.icon)}::text[])
        ON CONFLICT (slug) DO UPDATE SET position = EXCLUDED.position, icon = EXCLUDED.icon
        WHERE (topic.position, topic.icon) IS DISTINCT FROM (EXCLUDED.position, EXCLUDED.icon)`,
      await tx.$executeRaw`
        INSERT INTO topic_translation (topic_slug, locale, name, description)
        SELECT slug, locale::"Locale", name, description
        FROM unnest(${column<string>(topicNames, 0)}::text[],
          ${column<string>(topicNames, 1)}::text[],
          ${column<string>(topicNames, 2)}::text[],
          ${column<string>(topicNames, 3)}::text[]) AS t(slug, locale, name, description)
        ON CONFLICT (topic_slug, locale) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description
        WHERE (topic_translation.name, topic_translation.description) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description)`,
      await tx.$executeRaw`
        INSERT INTO audience (slug, topic_slug)
        SELECT * FROM unnest(${AUDIENCES.map((a) => a.slug)}::text[], ${AUDIENCES.map((a) => a.topic)}::text[])
        ON CONFLICT (slug) DO UPDATE SET topic_slug = EXCLUDED.topic_slug
        WHERE audience.topic_slug IS DISTINCT FROM EXCLUDED.topic_slug`,
      await tx.$executeRaw`
        INSERT INTO audience_translation (audience_slug, locale, name)
        SELECT slug, locale::"Locale", name
        FROM unnest(${column<string>(audienceNames, 0)}::text[],
          ${column<string>(audienceNames, 1)}::text[],
          ${column<string>(audienceNames, 2)}::text[]) AS t(slug, locale, name)
        ON CONFLICT (audience_slug, locale) DO UPDATE SET name = EXCLUDED.name
        WHERE audience_translation.name IS DISTINCT FROM EXCLUDED.name`,
      await tx.$executeRaw`
        INSERT INTO audience_reach (country_code, audience_slug, topic_slug, size)
        SELECT * FROM unnest(${column<string>(reaches, 0)}::text[],
          ${column<string>(reaches, 1)}::text[],
          ${column<string>(reaches, 2)}::text[],
          ${column<number>(reaches, 3)}::int[])
        ON CONFLICT (country_code, audience_slug) DO UPDATE SET topic_slug = EXCLUDED.topic_slug, size = EXCLUDED.size
        WHERE (audience_reach.topic_slug, audience_reach.size) IS DISTINCT FROM (EXCLUDED.topic_slug, EXCLUDED.size)`,
      // What the catalog no longer offers goes: an audience withdrawn, or one no longer offered in a country (alcohol).
      await tx.$executeRaw`
        DELETE FROM audience_reach AS r
        WHERE NOT EXISTS (
          SELECT 1 FROM unnest(${column<string>(reaches, 0)}::text[], ${column<string>(reaches, 1)}::text[]) AS t(code, slug)
          WHERE t.code = r.country_code AND t.slug = r.audience_slug
        )`,
      await tx.$executeRaw`DELETE FROM audience_translation WHERE audience_slug <> ALL(${AUDIENCES.map((a) => a.slug)}::text[])`,
      await tx.$executeRaw`DELETE FROM audience WHERE slug <> ALL(${AUDIENCES.map((a) => a.slug)}::text[])`,
    ];
    const changed = counts.reduce((sum, count) => sum + count, 0);
    // Every API process drops its cached catalog answers when this commits (audiences/catalog-changes.ts).
    if (changed) await tx.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${String(changed)})`;
    return changed;
  });
}

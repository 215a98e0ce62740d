import { until } from '@segmentia/testing';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { seed } from '../prisma/seed';
import { MIGRATIONS_DIR } from '../src/database/paths';
import { startTestApi, type TestApi } from './support/api';

const COUNTRY_CODES = 'ES PT FR IT DE AT CH BE NL LU IE GB DK SE NO FI PL CZ HU RO GR TR AE SA IL ZA MA'.split(' ');
const TOPIC_SLUGS = [
  'technology-telecom',
  'travel-tourism',
  'retail-ecommerce',
  'finance-insurance',
  'automotive',
  'wellness-active-living',
  'food-drink',
  'entertainment-media',
  'facilities-energy',
];
const AUDIENCES = `query Audiences($country: String!, $topic: String!, $locale: Locale!) {
  audiences(country: $country, topic: $topic, locale: $locale) { id interest audienceSize }
}`;

interface Audience {
  id: string;
  interest: string;
  audienceSize: number;
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('countries', () => {
  it('lists the 27 covered countries with names in the requested language, sorted by that language', async () => {
    const { body } = await api.graphql<{ es: { code: string; name: string }[]; de: { code: string; name: string }[] }>(
      '{ es: countries(locale: ES) { code name } de: countries(locale: DE) { code name } }',
    );
    const es = body.data!.es;
    expect(es.map((country) => country.code).sort()).toEqual([...COUNTRY_CODES].sort());
    expect(es.find((country) => country.code === 'DE')?.name).toBe('Alemania');
    expect(body.data!.de.find((country) => country.code === 'GB')?.name).toBe('Vereinigtes Königreich');
    const names = es.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es-ES').compare));
    // Collation, not code points: Österreich sorts with the Os in German.
    const de = body.data!.de.map((country) => country.name);
    expect(de.indexOf('Österreich')).toBeLessThan(de.indexOf('Polen'));
  });
});

describe('topics', () => {
  it('lists the nine categories in display order with localized name, description and icon', async () => {
    const { body } = await api.graphql<{ topics: { slug: string; name: string; description: string; icon: string }[] }>(
      '{ topics(locale: FR) { slug name description icon } }',
    );
    const topics = body.data!.topics;
    expect(topics.map((topic) => topic.slug)).toEqual(TOPIC_SLUGS);
    expect(topics.find((topic) => topic.slug === 'automotive')?.name).toBe('Automobile');
    for (const topic of topics) {
      expect(topic.description.length).toBeGreaterThan(20);
      expect(topic.icon).toMatch(/^[A-Z][A-Za-z]+$/);
    }
  });
});

describe('audiences', () => {
  it("returns a topic's audiences in a country, largest first, named in the requested language", async () => {
    const { body } = await api.graphql<{ audiences: Audience[] }>(AUDIENCES, { country: 'ES', topic: 'automotive', locale: 'ES' });
    const audiences = body.data!.audiences;
    expect(audiences.length).toBeGreaterThanOrEqual(12);
    const sizes = audiences.map((audience) => audience.audienceSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const english = await api.graphql<{ audiences: Audience[] }>(AUDIENCES, { country: 'ES', topic: 'automotive', locale: 'EN' });
    const ids = english.body.data!.audiences.map((audience) => audience.id);
    expect(ids).toEqual(audiences.map((audience) => audience.id));
    expect(english.body.data!.audiences.map((a) => a.interest)).not.toEqual(audiences.map((a) => a.interest));
  });

  it('offers no alcohol audience where alcohol advertising is banned (Norway and Türkiye included), and still elsewhere', async () => {
    const alcohol = async (country: string) =>
      (await api.graphql<{ audiences: Audience[] }>(AUDIENCES, { country, topic: 'food-drink', locale: 'EN' })).body.data!.audiences.filter(
        (audience) => /wine|spirits|beer/i.test(audience.interest),
      );
    for (const country of ['SA', 'AE', 'MA', 'NO', 'TR'])
      expect({ country, alcohol: await alcohol(country) }).toEqual({ country, alcohol: [] });
    expect(await alcohol('ES')).toHaveLength(3);
  });

  it('withdraws, when seeded again, what the catalog no longer offers', async () => {
    await api.prisma.$executeRaw`INSERT INTO audience (slug, topic_slug) VALUES ('withdrawn-audience', 'food-drink')`;
    await api.prisma
      .$executeRaw`INSERT INTO audience_translation (audience_slug, locale, name) VALUES ('withdrawn-audience', 'EN', 'Withdrawn')`;
    await api.prisma.$executeRaw`INSERT INTO audience_reach (country_code, audience_slug, topic_slug, size)
        VALUES ('ES', 'withdrawn-audience', 'food-drink', 100), ('NO', 'wine-lovers', 'food-drink', 100)`;
    expect(await seed(api.prisma)).toBe(4);
    expect(await api.prisma.$queryRaw`SELECT slug FROM audience WHERE slug = 'withdrawn-audience'`).toEqual([]);
    expect(await seed(api.prisma)).toBe(0);
  });

  it('answers GET as public and cacheable, with an ETag; the second identical question comes from the response cache', async () => {
    const variables = encodeURIComponent(JSON.stringify({ country: 'PT', topic: 'travel-tourism', locale: 'IT' }));
    const url = `${api.url}/graphql?query=${encodeURIComponent(AUDIENCES)}&variables=${variables}`;
    const ask = (headers: Record<string, string> = {}) => fetch(url, { headers: { 'apollo-require-preflight': 'true', ...headers } });
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('max-age=60, public');
    expect(first.headers.get('age')).toBeNull();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    const second = await ask();
    expect(await second.json()).toEqual(await first.json());
    // Apollo's response cache says how old the answer it kept is: nothing was executed.
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    // (Node's fetch adds `Cache-Control: no-cache` to a conditional request, as browsers' fetch does: plain HTTP here.)
    const revalidated = await new Promise<number>((resolve, reject) =>
      http
        .get(url, { headers: { 'apollo-require-preflight': 'true', 'if-none-match': etag! } }, (response) =>
          resolve(response.resume().statusCode!),
        )
        .on('error', reject),
    );
    expect(revalidated).toBe(304);
    // Without the preflight header a GET is refused (CSRF prevention).
    expect((await fetch(url)).status).toBe(400);
  });

  it('forgets its cached answers as soon as the catalog changes (NOTIFY), the seed saying so itself', async () => {
    const ask = async () =>
      (
        await api.graphql<{ audiences: Audience[] }>(AUDIENCES, { country: 'IE', topic: 'automotive', locale: 'EN' })
      ).body.data!.audiences.find((audience) => audience.id === 'tyre-buyers')!.audienceSize;
    const becomes = async (expected: number) => {
      await until(`the answer is ${expected}`, async () => (await ask()) === expected, { timeoutMs: 5_000 });
      return ask();
    };
    const before = await ask();
    await api.prisma.$executeRaw`UPDATE audience_reach SET size = 1 WHERE country_code = 'IE' AND audience_slug = 'tyre-buyers'`;
    // The change alone is not seen: the answer is cached.
    expect(await ask()).toBe(before);
    await api.prisma.$executeRaw`SELECT pg_notify('segmentia_catalog', 'test')`;
    expect(await becomes(1)).toBe(1);
    // The seed puts the catalog's figure back and notifies: the cached 1 goes.
    expect(await seed(api.prisma)).toBe(1);
    expect(await becomes(before)).toBe(before);
  });

  it("scales reach with the country's online population and never exceeds it", async () => {
    const sizeIn = async (country: string) => {
      const { body } = await api.graphql<{ audiences: Audience[] }>(AUDIENCES, { country, topic: 'travel-tourism', locale: 'EN' });
      return body.data!.audiences.reduce((sum, audience) => sum + audience.audienceSize, 0);
    };
    expect(await sizeIn('DE')).toBeGreaterThan(20 * (await sizeIn('LU')));
    const [above] = await api.prisma.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) FROM audience_reach r JOIN country c ON c.code = r.country_code WHERE r.size > c.online_users OR r.size <= 0`;
    expect(Number(above!.count)).toBe(0);
  });

  it('has at least 12 audiences per topic with a name in each of the five languages', async () => {
    const perTopic = await api.prisma.audience.groupBy({ by: ['topicSlug'], _count: true });
    expect(perTopic).toHaveLength(9);
    for (const topic of perTopic) expect(topic._count).toBeGreaterThanOrEqual(12);
    const audiences = await api.prisma.audience.count();
    expect(await api.prisma.audienceTranslation.count({ where: { name: { not: '' } } })).toBe(audiences * 5);
  });

  it("answers a renamed topic's old id as the topic, for a page built before the rename", async () => {
    const ask = async (topic: string) =>
      (await api.graphql<{ audiences: Audience[] }>(AUDIENCES, { country: 'FR', topic, locale: 'FR' })).body.data!.audiences;
    const audiences = await ask('wellness-active-living');
    expect(audiences.map((audience) => audience.id)).toContain('cycling-enthusiasts');
    expect(await ask('health-wellness')).toEqual(audiences);
    const { body } = await api.graphql<{ topics: { slug: string; icon: string }[] }>('{ topics(locale: EN) { slug icon } }');
    expect(body.data!.topics.find((topic) => topic.slug === 'wellness-active-living')?.icon).toBe('Bike');
  });

  it('renames the topic in a database seeded before: translations, audiences and reaches go with it, no second topic', async () => {
    const rows = (tx: Pick<TestApi['prisma'], '$queryRaw'>, slug: string) => tx.$queryRaw<{ table: string; count: number }[]>`
      SELECT 'topic' AS table, count(*)::int FROM topic WHERE slug = ${slug}
      UNION ALL SELECT 'translations', count(*)::int FROM topic_translation WHERE topic_slug = ${slug}
      UNION ALL SELECT 'audiences', count(*)::int FROM audience WHERE topic_slug = ${slug}
      UNION ALL SELECT 'reaches', count(*)::int FROM audience_reach WHERE topic_slug = ${slug}`;
    const seeded = await rows(api.prisma, 'wellness-active-living');
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '20261129104000_wellness_topic_id', 'migration.sql'), 'utf8');
    const rollback = new Error('rolled back: other specs read this catalogue');
    await expect(
      api.prisma.$transaction(async (tx) => {
        // The database as the seed left it before the rename.
        await tx.$executeRaw`UPDATE topic SET slug = 'health-wellness' WHERE slug = 'wellness-active-living'`;
        await tx.$executeRaw`UPDATE audience_reach SET topic_slug = 'health-wellness' WHERE topic_slug = 'wellness-active-living'`;
        expect(await rows(tx, 'health-wellness')).toEqual(seeded);
        // Statement by statement (a prepared query holds one), as the migration runner sends it whole.
        for (const statement of migration
          .replace(/--.*$/gm, '')
          .split(';')
          .filter((part) => part.trim())) {
          await tx.$executeRawUnsafe(statement);
        }
        expect(await rows(tx, 'wellness-active-living')).toEqual(seeded);
        expect((await rows(tx, 'health-wellness')).map(({ count }) => count)).toEqual([0, 0, 0, 0]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(seeded.map(({ count }) => count)).toEqual([1, 5, 12, 12 * 27]);
  });

  it('rejects an unknown country and an unknown topic as BAD_USER_INPUT naming each argument', async () => {
    const { body } = await api.graphql(AUDIENCES, { country: 'US', topic: 'gardening', locale: 'ES' });
    const error = body.errors![0]!;
    expect(error.extensions!.code).toBe('BAD_USER_INPUT');
    expect(error.extensions!.fieldErrors).toEqual({
      country: [{ code: 'unknownCountry', message: expect.stringContaining('"US"') }],
      topic: [{ code: 'unknownTopic', message: expect.stringContaining('"gardening"') }],
    });
  });

  it('rejects a malformed country code before touching the database', async () => {
    const { body } = await api.graphql(AUDIENCES, { country: 'spain', topic: 'automotive', locale: 'ES' });
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { country: [{ code: 'matches', message: expect.stringContaining('two-letter') }] },
    });
  });

  it('is one range scan of the (country, topic, size) index', async () => {
    const plan = await api.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`
      EXPLAIN SELECT r.audience_slug, t.name, r.size FROM audience_reach r
      JOIN audience_translation t ON t.audience_slug = r.audience_slug AND t.locale = 'ES'
      WHERE r.country_code = 'ES' AND r.topic_slug = 'automotive' ORDER BY r.size DESC`);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using audience_reach_country_code_topic_slug_size_idx/);
    expect(text).not.toMatch(/Seq Scan on audience_reach/);
  });
});

describe('coverage', () => {
  it('counts what the data holds, so the copy of the site stays true', async () => {
    const { body } = await api.graphql<{ coverage: Record<string, number> }>('{ coverage { countries topics audiences onlineUsers } }');
    expect(body.data!.coverage).toEqual({
      countries: 27,
      topics: 9,
      audiences: await api.prisma.audience.count(),
      onlineUsers: (await api.prisma.country.aggregate({ _sum: { onlineUsers: true } }))._sum.onlineUsers,
    });
    expect(body.data!.coverage.audiences).toBeGreaterThanOrEqual(108);
  });
});

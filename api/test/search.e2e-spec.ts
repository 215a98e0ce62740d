import { seed } from '../prisma/seed';
import { startTestApi, type TestApi } from './support/api';

const SEARCH = `query Search($country: String!, $text: String!, $locale: Locale!, $first: Int) {
  searchAudiences(country: $country, text: $text, locale: $locale, first: $first) {
    id interest audienceSize topic segmentId taxonomyPath englishTaxonomyPath
  }
}`;

interface Found {
  id: string;
  interest: string;
  audienceSize: number;
  topic: string;
  segmentId: string;
  taxonomyPath: string;
  englishTaxonomyPath: string;
}

let api: TestApi;
const search = async (variables: Record<string, unknown>) => api.graphql<{ searchAudiences: Found[] }>(SEARCH, variables);
const found = async (variables: Record<string, unknown>) => (await search(variables)).body.data!.searchAudiences;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('searchAudiences', () => {
  it('finds audiences of every topic by their name in the language, accents and case aside, the closest first', async () => {
    const results = await found({ country: 'ES', text: 'TECNOLOGICAS', locale: 'ES' });
    expect(results[0]).toMatchObject({
      id: 'tech-news-readers',
      interest: 'Lectores de noticias tecnológicas',
      topic: 'technology-telecom',
    });
    const fibre = await found({ country: 'ES', text: 'óptica', locale: 'ES' });
    expect(fibre.map((audience) => audience.id)).toContain('fibre-broadband-seekers');
    // Across topics: "fans" is in automotive, entertainment…
    const fans = await found({ country: 'GB', text: 'fans', locale: 'EN', first: 50 });
    expect(new Set(fans.map((audience) => audience.topic)).size).toBeGreaterThan(1);
    expect(fans.every((audience) => /fans/i.test(audience.interest))).toBe(true);
  });

  it('puts a name that starts with the words first, then the largest, and forgives a typo', async () => {
    const results = await found({ country: 'DE', text: 'motor', locale: 'EN', first: 50 });
    expect(results[0]!.interest).toMatch(/^Motor/);
    const starting = results.filter((audience) => /^motor/i.test(audience.interest));
    expect(starting.map((audience) => audience.audienceSize)).toEqual(
      [...starting.map((audience) => audience.audienceSize)].sort((a, b) => b - a),
    );
    const typo = await found({ country: 'DE', text: 'motrsport', locale: 'EN' });
    expect(typo.map((audience) => audience.id)).toContain('motorsport-fans');
  });

  it(
    'names each audience as The Trade Desk shows it: a stable segment id ' +
      'per country and the taxonomy path, in the language and in English',
    async () => {
      const [motorsport] = await found({ country: 'DE', text: 'aficionados al motor', locale: 'ES' });
      expect(motorsport).toEqual({
        id: 'motorsport-fans',
        interest: 'Aficionados al motor',
        audienceSize: expect.any(Number),
        topic: 'automotive',
        segmentId: 'SGM-DE-AUTO-MOTORSPORT-FANS',
        taxonomyPath: 'Segmentia › Automoción › Aficionados al motor',
        englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
      });
      // The list of a topic says the same.
      const { body } = await api.graphql<{ audiences: Found[] }>(
        '{ audiences(country: "FR", topic: "automotive", locale: FR) { id segmentId taxonomyPath englishTaxonomyPath } }',
      );
      expect(body.data!.audiences.find((audience) => audience.id === 'motorsport-fans')).toEqual({
        id: 'motorsport-fans',
        segmentId: 'SGM-FR-AUTO-MOTORSPORT-FANS',
        taxonomyPath: 'Segmentia › Automobile › Fans de sport automobile',
        englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
      });
    },
  );

  it('keeps every segment id across a new seed, one per audience and country', async () => {
    const ids = async () => {
      const { body } = await api.graphql<Record<string, Found[]>>(
        `{ ${['technology-telecom', 'automotive', 'food-drink']
          .map((topic, index) => `t${index}: audiences(country: "IT", topic: "${topic}", locale: EN) { segmentId }`)
          .join(' ')} }`,
      );
      return Object.values(body.data!)
        .flat()
        .map((audience) => audience.segmentId);
    };
    const before = await ids();
    await seed(api.prisma);
    expect(await ids()).toEqual(before);
    expect(new Set(before).size).toBe(before.length);
    expect(before.every((id) => /^SGM-IT-(TECH|AUTO|FOOD)-[A-Z0-9-]+$/.test(id))).toBe(true);
  });

  it('answers nothing when nothing matches, and refuses an unknown country or too short a text, naming the argument', async () => {
    expect(await found({ country: 'ES', text: 'zzqxj', locale: 'ES' })).toEqual([]);
    const unknown = await search({ country: 'US', text: 'motor', locale: 'EN' });
    expect(unknown.body.errors![0]!.extensions!.fieldErrors).toMatchObject({ country: [{ code: 'unknownCountry' }] });
    const short = await search({ country: 'ES', text: ' a ', locale: 'ES' });
    expect(JSON.stringify(short.body.errors)).toContain('text');
  });

  it('has an index that answers the words, not a reading of every name (PostgreSQL plan)', async () => {
    // A catalog this small is read whole when that is cheaper; the plan shows the trigram index serves the words when it is not.
    const plan = await api.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN SELECT audience_slug FROM audience_translation WHERE search_text(name) LIKE '%' || search_text('Motör') || '%'`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('audience_translation_search_idx');
  });
});

describe('countryAudiences', () => {
  it('gives every audience of a country, topic by topic in display order, largest first in each, with ids and paths', async () => {
    const { body } = await api.graphql<{ countryAudiences: Found[] }>(
      '{ countryAudiences(country: "ES", locale: DE) { id topic audienceSize segmentId taxonomyPath englishTaxonomyPath } }',
    );
    const all = body.data!.countryAudiences;
    const topics = [...new Set(all.map((audience) => audience.topic))];
    expect(topics[0]).toBe('technology-telecom');
    expect(topics).toHaveLength(9);
    for (const topic of topics) {
      const sizes = all.filter((audience) => audience.topic === topic).map((audience) => audience.audienceSize);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    }
    expect(all.find((audience) => audience.id === 'motorsport-fans')).toMatchObject({
      segmentId: 'SGM-ES-AUTO-MOTORSPORT-FANS',
      taxonomyPath: 'Segmentia › Automobil › Motorsport-Fans',
      englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
    });
  });
});

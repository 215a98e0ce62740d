import type { GraphQLError } from 'graphql';
import { stubPrisma } from '../prisma/testing';
import { AudiencesService } from './audiences.service';
import type { CatalogChanges } from './catalog-changes';

const COUNTRIES = [
  { countryCode: 'DE', locale: 'EN', name: 'Germany' },
  { countryCode: 'AT', locale: 'EN', name: 'Austria' },
  { countryCode: 'DE', locale: 'DE', name: 'Deutschland' },
  { countryCode: 'AT', locale: 'DE', name: 'Österreich' },
];
const TOPICS = [{ topicSlug: 'automotive', locale: 'EN', name: 'Automotive', description: 'Cars', topic: { icon: 'car', position: 1 } }];
const ROW = {
  id: 'motorsport-fans',
  interest: 'Motorsportfans',
  audienceSize: 120_000,
  topic: 'automotive',
  topicName: 'Automobil',
  englishTopicName: 'Automotive',
  englishInterest: 'Motorsport fans',
};

/** The service over a stand-in Prisma that counts its reads, and a catalogue change it can announce. */
function setUp(rows: unknown[] = [ROW]) {
  let announce: () => void = () => undefined;
  const prisma = {
    countryTranslation: { findMany: jest.fn(async () => COUNTRIES) },
    topicTranslation: { findMany: jest.fn(async () => TOPICS) },
    $queryRaw: jest.fn(async () => rows),
  };
  const changes = { onChange: (listener: () => void) => (announce = listener) } as unknown as CatalogChanges;
  return { service: new AudiencesService(stubPrisma(prisma), changes), prisma, announce: () => announce() };
}

const fieldErrorsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: GraphQLError) => error.extensions?.fieldErrors,
  );

describe('AudiencesService', () => {
  it('lists the countries in the order of the language, and the topics', async () => {
    const { service } = setUp();
    expect((await service.countries('EN')).map((country) => country.name)).toEqual(['Austria', 'Germany']);
    expect((await service.countries('DE')).map((country) => country.name)).toEqual(['Deutschland', 'Österreich']);
    expect(await service.topics('EN')).toEqual([{ slug: 'automotive', name: 'Automotive', description: 'Cars', icon: 'car' }]);
  });

  it('answers an audience with its segment id and its paths in the language and in English', async () => {
    const { service } = setUp();
    expect(await service.audiences('DE', 'automotive', 'DE')).toEqual([
      {
        id: 'motorsport-fans',
        interest: 'Motorsportfans',
        audienceSize: 120_000,
        topic: 'automotive',
        segmentId: 'SGM-DE-AUTO-MOTORSPORT-FANS',
        taxonomyPath: 'Segmentia › Automobil › Motorsportfans',
        englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
      },
    ]);
  });

  it('refuses an uncovered country and an unknown topic, naming both, without reading the audiences', async () => {
    const { service, prisma } = setUp();
    expect(await fieldErrorsOf(service.audiences('US', 'pets', 'EN'))).toEqual({
      country: [{ code: 'unknownCountry', message: 'country "US" is not one of the covered countries' }],
      topic: [{ code: 'unknownTopic', message: 'topic "pets" is not one of the topics' }],
    });
    expect(await fieldErrorsOf(service.search('US', 'moto', 'EN', 10))).toEqual({
      country: [expect.objectContaining({ code: 'unknownCountry' })],
    });
    expect(prisma.$queryRaw).not.toHaveBeenCalled();
  });

  it('reads a question once, asked at once or again, until the catalogue changes', async () => {
    const { service, prisma, announce } = setUp();
    await Promise.all([service.audiences('DE', 'automotive', 'EN'), service.audiences('DE', 'automotive', 'EN')]);
    await service.audiences('DE', 'automotive', 'EN');
    expect(prisma.$queryRaw).toHaveBeenCalledTimes(1);
    expect(prisma.countryTranslation.findMany).toHaveBeenCalledTimes(1);
    announce();
    await service.audiences('DE', 'automotive', 'EN');
    expect(prisma.$queryRaw).toHaveBeenCalledTimes(2);
    expect(prisma.countryTranslation.findMany).toHaveBeenCalledTimes(2);
  });

  it('asks a search once for the same words, whatever their case and spacing', async () => {
    const { service, prisma } = setUp();
    await service.search('DE', 'Motor  Sport', 'EN', 10);
    await service.search('DE', ' motor sport ', 'EN', 10);
    expect(prisma.$queryRaw).toHaveBeenCalledTimes(1);
  });

  it('resolves requested audiences to segment ids and English paths, and lists the ones it does not have', async () => {
    const { service } = setUp([
      { country: 'DE', audience: 'motorsport-fans', topic: 'automotive', topicName: 'Automotive', interest: 'Motorsport fans' },
    ]);
    expect(
      await service.resolve([
        { country: 'DE', audience: 'motorsport-fans' },
        { country: 'AT', audience: 'motorsport-fans' },
      ]),
    ).toEqual({
      found: [
        {
          country: 'DE',
          audience: 'motorsport-fans',
          segmentId: 'SGM-DE-AUTO-MOTORSPORT-FANS',
          englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
        },
      ],
      unknown: [{ country: 'AT', audience: 'motorsport-fans' }],
    });
    await expect(setUp().service.resolve([])).resolves.toEqual({ found: [], unknown: [] });
  });
});

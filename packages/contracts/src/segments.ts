/**
 * Segment ids: how a The Trade Desk seat names an audience of a country,
 * made of what never changes once published (the country code, the topic's
 * code, the audience's id), so no seed changes one. The catalogue itself is
 * the API's (api/prisma/seed/catalog.ts); a spec there ties its countries and
 * topics to these tables.
 */

/** The 27 EMEA countries the audiences cover, as the catalogue lists them. */
export const COVERED_COUNTRIES = [
  'ES',
  'PT',
  'FR',
  'IT',
  'DE',
  'AT',
  'CH',
  'BE',
  'NL',
  'LU',
  'IE',
  'GB',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'HU',
  'RO',
  'GR',
  'TR',
  'AE',
  'SA',
  'IL',
  'ZA',
  'MA',
] as const;

/** Each topic's part of a segment id (SGM-DE-AUTO-…), by the topic's id: seats and plans quote it, never change one. */
export const TOPIC_CODES: Readonly<Record<string, string>> = {
  'technology-telecom': 'TECH',
  'travel-tourism': 'TRAVEL',
  'retail-ecommerce': 'RETAIL',
  'finance-insurance': 'FINANCE',
  automotive: 'AUTO',
  'wellness-active-living': 'WELLNESS',
  'food-drink': 'FOOD',
  'entertainment-media': 'MEDIA',
  'facilities-energy': 'ENERGY',
};

/**
 * Topic ids renamed since they were published, old to new: a link or a page built before the rename
 * (`?topic=health-wellness`) still opens the topic. The segment-id code stays (WELLNESS).
 */
const RENAMED_TOPICS: ReadonlyMap<string, string> = new Map([['health-wellness', 'wellness-active-living']]);

/** The topic's id today: a renamed topic's new id, any other id as given. */
export const currentTopic = (topic: string): string => RENAMED_TOPICS.get(topic) ?? topic;

/**
 * An audience's segment id in a country, as a The Trade Desk seat lists it:
 * SGM-<country>-<topic code>-<audience slug>, e.g. SGM-DE-AUTO-MOTORSPORT-FANS.
 */
export function segmentId(country: string, topic: string, audience: string): string {
  const code = TOPIC_CODES[topic];
  if (!code) throw new Error(`No segment code for topic "${topic}"`);
  return `SGM-${country}-${code}-${audience.toUpperCase()}`;
}

/** The path the marketplace shows: Segmentia › Automotive › Motorsport fans. */
export const taxonomyPath = (topicName: string, audienceName: string) => ['Segmentia', topicName, audienceName].join(' › ');

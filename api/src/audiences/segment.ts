import { TOPICS } from '../../prisma/seed/catalog';

const TOPIC_CODES = new Map(TOPICS.map((topic) => [topic.slug, topic.code]));

/**
 * An audience's segment id in a country, as a The Trade Desk seat lists it:
 * SGM-<country>-<topic code>-<audience slug>, e.g. SGM-DE-AUTO-MOTORSPORT-FANS.
 * Made of what never changes (the country code, the topic's code, the
 * audience's slug, the catalog's primary key), so a seed never changes it.
 */
export function segmentId(country: string, topic: string, audience: string): string {
  const code = TOPIC_CODES.get(topic);
  if (!code) throw new Error(`No segment code for topic "${topic}"`);
  return `SGM-${country}-${code}-${audience.toUpperCase()}`;
}

/** The path the marketplace shows: Segmentia › Automotive › Motorsport fans. */
export const taxonomyPath = (topicName: string, audienceName: string) => ['Segmentia', topicName, audienceName].join(' › ');

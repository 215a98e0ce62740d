// Source catalog for the seed: countries, topics and audiences, as data in catalog/*.json (reach per country is
// derived from onlineUsers × penetration in the seed script). Interests only: no audience infers a health condition,
// a pregnancy or another special category of data (GDPR art. 9), seeks consumer credit, or is of minors; names are
// person nouns (seed.spec.ts checks the names; docs/decisions/ says why).

import { LOCALE_CODES, type LocaleCode } from '@segmentia/contracts/locales';
import audiences from './catalog/audiences.json';
import countries from './catalog/countries.json';
import topics from './catalog/topics.json';

export const LOCALES = LOCALE_CODES;
export type Translations = Record<LocaleCode, string>;

export interface CountrySeed {
  code: string;
  onlineUsers: number;
  names: Translations;
}

export interface TopicSeed {
  slug: string;
  icon: string;
  names: Translations;
  descriptions: Translations;
}

export interface AudienceSeed {
  slug: string;
  topic: string;
  penetration: number;
  names: Translations;
}

export const COUNTRIES: readonly CountrySeed[] = countries;
export const TOPICS: readonly TopicSeed[] = topics;
export const AUDIENCES: readonly AudienceSeed[] = audiences;

/**
 * What a legal text quotes, as its language shows it: the company's country in that language, and a value the
 * site has not got (no webhook set, no NIF-IVA registered) left out with the item or paragraph that quotes it.
 */
import { localizedAddress } from '../config/company';

export interface Section {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

/** Stands for a value the site has not got: the item or paragraph that quotes it is left out (shownSections). */
export const OMITTED = '\u2063omitted\u2063';
const OPTIONAL = ['vatId', 'webhookProcessor'] as const;
const quoted = (text: string) => !text.includes(OMITTED);

/** `values` (the company's, the API's facts) for a text in `language`, `updated` the date it took effect. */
export function fillLegalValues<T extends { address: string } & Partial<Record<(typeof OPTIONAL)[number], string>>>(
  values: T,
  updated: string,
  language: string,
) {
  const filled: Record<string, unknown> = { ...values, address: localizedAddress(values.address, language), updated };
  for (const key of OPTIONAL) if (!values[key]) filled[key] = OMITTED;
  return filled;
}

/** The sections as the page shows them: without the items and paragraphs that quote an OMITTED value. */
export const shownSections = (sections: Section[]) =>
  sections.map((section) => ({ ...section, paragraphs: section.paragraphs.filter(quoted), items: section.items?.filter(quoted) }));

/** Reach in the locale's compact notation: 1,2 M in Spanish, 1.2M in English, 1,2 Mio. in German. */
export function formatReach(value: number, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** Sorted by the language's collation (Österreich among the Os in German). */
export function sortByName<T extends { name: string }>(items: readonly T[], localeTag: string): T[] {
  const collator = new Intl.Collator(localeTag);
  return [...items].sort((a, b) => collator.compare(a.name, b.name));
}

/** A country (ISO 3166 alpha-2) named in the page's language: Alemania, Germany, Deutschland. */
export function countryName(code: string, localeTag: string): string {
  return new Intl.DisplayNames([localeTag], { type: 'region' }).of(code) ?? code;
}

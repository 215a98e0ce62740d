/** The site's languages: Spanish unprefixed, the others under /{code}/. */
export const LOCALES = [
  { code: 'es', tag: 'es-ES', name: 'Español', api: 'ES' },
  { code: 'en', tag: 'en-US', name: 'English', api: 'EN' },
  { code: 'de', tag: 'de-DE', name: 'Deutsch', api: 'DE' },
  { code: 'it', tag: 'it-IT', name: 'Italiano', api: 'IT' },
  { code: 'fr', tag: 'fr-FR', name: 'Français', api: 'FR' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export type ApiLocale = (typeof LOCALES)[number]['api'];
export const DEFAULT_LOCALE: LocaleCode = 'es';
export const LOCALE_CODES = LOCALES.map((locale) => locale.code);
export const LANGUAGE_COOKIE = 'lang';

export function localeOf(code: string) {
  return LOCALES.find((locale) => locale.code === code) ?? LOCALES[0];
}

/** `/legal/` in Spanish, `/en/legal/` in English. `path` is the unprefixed path. */
export function localizedPath(code: string, path: string): string {
  return code === DEFAULT_LOCALE ? path : `/${code}${path}`;
}

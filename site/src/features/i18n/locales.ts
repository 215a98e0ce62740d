import { LOCALE_TABLE } from '../../../../api/src/common/locale-table';

/** The site's languages: Spanish unprefixed, the others under /{code}/. Written once, with the API (api/src/common/locale-table.ts). */
export const LOCALES = LOCALE_TABLE;

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

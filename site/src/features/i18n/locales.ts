import { LOCALE_TABLE } from '../../../../api/src/common/locale-table';

export { DEFAULT_LOCALE, LANGUAGE_COOKIE, type LocaleCode, localizedPath } from '../../../../api/src/common/locale-table';

/** The site's languages: Spanish unprefixed, the others under /{code}/. Written once, with the API (api/src/common/locale-table.ts). */
export const LOCALES = LOCALE_TABLE;

export type ApiLocale = (typeof LOCALES)[number]['api'];
export const LOCALE_CODES = LOCALES.map((locale) => locale.code);

export function localeOf(code: string) {
  return LOCALES.find((locale) => locale.code === code) ?? LOCALES[0];
}

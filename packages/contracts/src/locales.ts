/**
 * The site's five languages, written once: the API reads the tags (phone
 * regions, number formats, emails), the site the codes (its routes: Spanish
 * unprefixed, the others under /{code}/), tags and names. `api` is the value
 * of the schema's `Locale` enum (a spec of the API ties the two).
 */

/** The schema's `Locale` enum values. */
export type ApiLocale = 'ES' | 'EN' | 'DE' | 'IT' | 'FR';

export const LOCALES = [
  { code: 'es', tag: 'es-ES', name: 'Español', api: 'ES' },
  { code: 'en', tag: 'en-US', name: 'English', api: 'EN' },
  { code: 'de', tag: 'de-DE', name: 'Deutsch', api: 'DE' },
  { code: 'it', tag: 'it-IT', name: 'Italiano', api: 'IT' },
  { code: 'fr', tag: 'fr-FR', name: 'Français', api: 'FR' },
] as const satisfies readonly { code: string; tag: string; name: string; api: ApiLocale }[];

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES: readonly LocaleCode[] = LOCALES.map((locale) => locale.code);
export const DEFAULT_LOCALE: LocaleCode = 'es';
/** `/legal/` in Spanish, `/en/legal/` in English: a page of the site in a language. `path` is the unprefixed path. */
export function localizedPath(code: string, path: string): string {
  return code === DEFAULT_LOCALE ? path : `/${code}${path}`;
}
/** A path's language prefix (`/en/…`: `en` in group 1); the default language's pages have none. */
export const LANGUAGE_PREFIX = new RegExp(`^/(${LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE).join('|')})(/|$)`);

/** The cookie that remembers a language the visitor chose (a year). */
export const LANGUAGE_COOKIE = 'lang';
/** User agents that always get the page they asked for (search engines, previews, audits). */
export const CRAWLER_AGENT = /bot|crawl|spider|lighthouse|facebookexternalhit|google/i;

/** A language's row of the table; Spanish's for a code that is none of them. */
export function localeOf(code: string) {
  return LOCALES.find((locale) => locale.code === code) ?? LOCALES[0];
}

const isLocale = (code: string | undefined): code is LocaleCode => LOCALES.some((locale) => locale.code === code);

/** The language a visitor prefers: the language cookie, then the browser's languages, then Spanish. */
export function preferredLanguage(cookies: string, browserLanguages: readonly string[]): LocaleCode {
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookies)?.[1];
  if (isLocale(cookie)) return cookie;
  return browserLanguages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale) ?? DEFAULT_LOCALE;
}

/**
 * Where a visit to `/` (the unprefixed Spanish home) goes, decided by the
 * server before anything is sent (npm start's site server; nginx has the same
 * rule as maps): the home of the language the cookie, then the browser,
 * prefers. Only a visit that enters the site (no referrer of the same host):
 * a visitor who comes back to `/` from a page of the site, or who chose
 * Spanish, stays. Crawlers are never redirected. `undefined`: serve `/`.
 */
export function languageRedirect(request: {
  cookie?: string;
  /** The browser's languages, most wanted first (Express's `acceptsLanguages()` reads Accept-Language by q). */
  browserLanguages: readonly string[];
  userAgent?: string;
  referer?: string;
  host?: string;
}): string | undefined {
  if (CRAWLER_AGENT.test(request.userAgent ?? '')) return undefined;
  if (request.referer && request.host) {
    try {
      if (new URL(request.referer).host === request.host) return undefined;
    } catch {
      // Not a URL: as if there were none.
    }
  }
  const preferred = preferredLanguage(request.cookie ?? '', request.browserLanguages);
  return preferred === DEFAULT_LOCALE ? undefined : `/${preferred}/`;
}

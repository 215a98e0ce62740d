import { navigate } from 'gatsby';
import { useEffect } from 'react';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALE_CODES, type LocaleCode } from './locales';

/** User agents that always get the page they asked for (search engines, previews, audits). */
export const CRAWLER_AGENT = /bot|crawl|spider|lighthouse|facebookexternalhit|google/i;
const REDIRECTED_KEY = 'segmentia-language-redirected';

const isLocale = (code: string | undefined): code is LocaleCode => !!code && (LOCALE_CODES as string[]).includes(code);

/** The language a visitor prefers: the language cookie, then the browser's languages, then Spanish. */
export function preferredLanguage(cookies: string, browserLanguages: readonly string[]): LocaleCode {
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookies)?.[1];
  if (isLocale(cookie)) return cookie;
  const browser = browserLanguages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale);
  return browser ?? DEFAULT_LOCALE;
}

/** Remembers an explicit choice of language for a year. */
export function rememberLanguage(code: LocaleCode): void {
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}

/**
 * A visit to `/` (the unprefixed Spanish home) from a visitor whose cookie or
 * browser prefers another language goes, once per session and on the client
 * only, to that language's home. Crawlers are never redirected.
 */
export function useLanguageRedirect(pathname: string): void {
  useEffect(() => {
    if (pathname !== '/' || CRAWLER_AGENT.test(navigator.userAgent)) return;
    if (sessionStorage.getItem(REDIRECTED_KEY)) return;
    sessionStorage.setItem(REDIRECTED_KEY, '1');
    const preferred = preferredLanguage(document.cookie, navigator.languages ?? [navigator.language]);
    if (preferred !== DEFAULT_LOCALE) {
      void navigate(`/${preferred}/${window.location.search}${window.location.hash}`, { replace: true });
    }
  }, [pathname]);
}

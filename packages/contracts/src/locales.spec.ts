import express from 'express';
import { LANGUAGE_PREFIX, languageRedirect } from './locales';

/** The browser's languages as npm start's site server reads them: Express's `acceptsLanguages()`, by q. */
const languagesOf = (acceptLanguage?: string): string[] =>
  (
    Object.create(express.request, {
      headers: { value: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage } },
    }) as express.Request
  ).acceptsLanguages();

describe('the redirect of `/`', () => {
  const visit = { host: 'www.segmentia.es', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' };

  it('sends an entering visitor to the language of the cookie, then of Accept-Language (by q)', () => {
    expect(languageRedirect({ ...visit, cookie: 'lang=it', browserLanguages: languagesOf('de-DE') })).toBe('/it/');
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf('pt-BR, fr-CA;q=0.8, en;q=0.9') })).toBe('/en/');
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf('de-CH,de;q=0.9') })).toBe('/de/');
  });

  it('serves `/` to a Spanish or unknown preference, a crawler, and a visitor coming from a page of the site', () => {
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf('es-ES,en;q=0.5') })).toBeUndefined();
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf('ja') })).toBeUndefined();
    expect(languageRedirect({ ...visit, cookie: 'lang=es', browserLanguages: languagesOf('en') })).toBeUndefined();
    expect(
      languageRedirect({ ...visit, browserLanguages: languagesOf('en'), userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
    ).toBeUndefined();
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf('en'), referer: 'https://www.segmentia.es/legal/' })).toBeUndefined();
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf('en'), referer: 'https://www.google.com/' })).toBe('/en/');
  });

  it('reads Accept-Language as browsers send it', () => {
    expect(languagesOf('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(languagesOf('en;q=0, it')).toEqual(['it']);
    expect(languageRedirect({ ...visit, browserLanguages: languagesOf(undefined) })).toBeUndefined();
  });
});

describe('LANGUAGE_PREFIX', () => {
  it("names the language of a path prefixed with one, and none for the default language's pages", () => {
    expect(['/en/', '/de/legal/', '/fr', '/it/privacy/'].map((path) => LANGUAGE_PREFIX.exec(path)?.[1])).toEqual(['en', 'de', 'fr', 'it']);
    expect(['/', '/legal/', '/es/', '/english/', '/staff/'].map((path) => LANGUAGE_PREFIX.exec(path))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

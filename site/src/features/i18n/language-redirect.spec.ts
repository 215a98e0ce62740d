import { acceptedLanguages, languageRedirect } from '../../../../api/src/common/locale-table';
import { CRAWLER_AGENT, preferredLanguage } from './language-redirect';

describe('preferredLanguage', () => {
  it('takes the language cookie first', () => {
    expect(preferredLanguage('theme=dark; lang=it', ['de-DE'])).toBe('it');
  });

  it('then the first supported browser language', () => {
    expect(preferredLanguage('', ['pt-BR', 'fr-CA', 'en'])).toBe('fr');
    expect(preferredLanguage('lang=xx', ['de'])).toBe('de');
  });

  it('then Spanish', () => {
    expect(preferredLanguage('', ['pt-BR', 'ja'])).toBe('es');
    expect(preferredLanguage('', [])).toBe('es');
  });
});

describe('crawlers', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'facebookexternalhit/1.1',
    'Mozilla/5.0 (X11; Linux x86_64) Chrome-Lighthouse',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-InspectionTool/1.0)',
  ])('are recognised: %s', (agent) => expect(CRAWLER_AGENT.test(agent)).toBe(true));

  it('a person’s browser is not a crawler', () => {
    expect(CRAWLER_AGENT.test('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36')).toBe(false);
  });
});

describe('the redirect of `/`', () => {
  const visit = { host: 'www.segmentia.es', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' };

  it('sends an entering visitor to the language of the cookie, then of Accept-Language (by q)', () => {
    expect(languageRedirect({ ...visit, cookie: 'lang=it', acceptLanguage: 'de-DE' })).toBe('/it/');
    expect(languageRedirect({ ...visit, acceptLanguage: 'pt-BR, fr-CA;q=0.8, en;q=0.9' })).toBe('/en/');
    expect(languageRedirect({ ...visit, acceptLanguage: 'de-CH,de;q=0.9' })).toBe('/de/');
  });

  it('serves `/` to a Spanish or unknown preference, a crawler, and a visitor coming from a page of the site', () => {
    expect(languageRedirect({ ...visit, acceptLanguage: 'es-ES,en;q=0.5' })).toBeUndefined();
    expect(languageRedirect({ ...visit, acceptLanguage: 'ja' })).toBeUndefined();
    expect(languageRedirect({ ...visit, cookie: 'lang=es', acceptLanguage: 'en' })).toBeUndefined();
    expect(languageRedirect({ ...visit, acceptLanguage: 'en', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).toBeUndefined();
    expect(languageRedirect({ ...visit, acceptLanguage: 'en', referer: 'https://www.segmentia.es/legal/' })).toBeUndefined();
    expect(languageRedirect({ ...visit, acceptLanguage: 'en', referer: 'https://www.google.com/' })).toBe('/en/');
  });

  it('reads Accept-Language as browsers send it', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(acceptedLanguages('en;q=0, it')).toEqual(['it']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

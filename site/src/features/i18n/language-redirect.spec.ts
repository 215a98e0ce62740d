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
    expect(
      CRAWLER_AGENT.test('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'),
    ).toBe(false);
  });
});

import { companyFrom } from '@segmentia/contracts/company';
import { LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { DATA_LINK_STRINGS, dataLinkEmail, dataLinkUrl } from './data-link-email';

const keys = (value: object) => Object.keys(value).sort();
const placeholders = (value: unknown) => [...JSON.stringify(value).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const COMPANY = companyFrom({});
const SITE = 'https://www.segmentia.es';
const TOKEN = 'dGhpcy1pcy1hLXRlc3QtdG9rZW4tb2YtMzItYnl0ZXMh';

describe("the privacy centre's link email", () => {
  it('has the same strings and placeholders in every language', () => {
    const [reference, ...others] = LOCALES.map(({ code }) => DATA_LINK_STRINGS[code]);
    for (const strings of others) {
      expect(keys(strings)).toEqual(keys(reference!));
      expect(placeholders(strings)).toEqual(placeholders(reference));
    }
  });

  it('links the page of the language in the fragment, never in the query string', () => {
    expect(dataLinkUrl(SITE, 'ES', TOKEN)).toBe(`${SITE}/privacy-center/my-data/#token=${TOKEN}`);
    expect(dataLinkUrl(SITE, 'DE', TOKEN)).toBe(`${SITE}/de/privacy-center/my-data/#token=${TOKEN}`);
  });

  it.each(LOCALES.map((locale) => [locale.code, locale] as const))(
    'in %s: subject, the link, its 30 minutes, the footer and the privacy link, as text and HTML',
    (code, locale) => {
      const strings = DATA_LINK_STRINGS[code];
      const url = dataLinkUrl(SITE, locale.api, TOKEN);
      const email = dataLinkEmail({ locale: locale.api, url, minutes: 30 }, COMPANY, SITE);
      expect(email.subject).toBe(strings.subject);
      for (const part of [email.text, email.html]) {
        expect(part).toContain(url);
        expect(part).toContain('30');
        expect(part).toContain(`${SITE}${localizedPath(code, '/privacy/')}`);
        expect(part).toContain(COMPANY.taxId);
      }
      expect(email.html).toContain(`<html lang="${locale.tag}"`);
      expect(email.text).not.toMatch(/\{\{/);
      expect(email.html).not.toMatch(/\{\{|\[\[/);
    },
  );
});

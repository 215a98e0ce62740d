import { readFileSync } from 'node:fs';
import path from 'node:path';
import { companyFrom } from '../common/company';
import { LOCALE_TABLE, localizedPath } from '../common/locale-table';
import { confirmationEmail, EMAIL_STRINGS } from './confirmation-email';
import type { LeadSummary } from './lead-message';

/** Every key path of a strings file, arrays by index: what each language must have. */
const keyPaths = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, `${prefix}${key}.`)) : [prefix.slice(0, -1)];
const placeholders = (value: unknown) => [...JSON.stringify(value).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const LEAD: LeadSummary = {
  id: '6f1c0b1e-3c1f-4f7e-9f55-2d1c8b7a0e11',
  receivedAt: new Date('2026-11-23T16:05:00Z'),
  agencyName: 'Agencia <Norte> & Co',
  agencyType: 'MEDIA',
  agencySize: 'UP_TO_2M',
  contactName: 'Íñigo "Iñi" Ortega',
  email: 'inigo@agencianorte.es',
  freeEmail: false,
  phone: null,
  position: 'DIRECTOR',
  interest: 'TECHNOLOGICAL_TRANSFORMATION',
  locale: 'ES',
  message: null,
  landingPage: '/',
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};
const COMPANY = companyFrom({});

describe("the prospect's confirmation email", () => {
  it('has the same strings and placeholders in every language', () => {
    const [reference, ...others] = LOCALE_TABLE.map(({ code }) => EMAIL_STRINGS[code]);
    for (const strings of others) {
      expect(keyPaths(strings)).toEqual(keyPaths(reference));
      expect(placeholders(strings)).toEqual(placeholders(reference));
    }
  });

  it("names the interests as the site's form does", () => {
    for (const { code } of LOCALE_TABLE) {
      const site = JSON.parse(readFileSync(path.join(__dirname, '../../../site/locales', code, 'contact.json'), 'utf8')) as { options: { interest: object } };
      expect(EMAIL_STRINGS[code].interest).toEqual(site.options.interest);
    }
  });

  it.each(LOCALE_TABLE.map((locale) => [locale.code, locale] as const))('in %s: subject, steps, summary, footer and privacy link, as text and HTML', async (code, locale) => {
    const strings = EMAIL_STRINGS[code];
    const email = await confirmationEmail({ ...LEAD, locale: locale.api }, COMPANY, 'https://www.segmentia.es');
    const privacyUrl = `https://www.segmentia.es${localizedPath(code, '/privacy/')}`;
    expect(email.subject).toBe(strings.subject);
    for (const part of [email.text, email.html]) {
      expect(part).toContain('72');
      expect(part).toContain(privacyUrl);
      expect(part).toContain(COMPANY.taxId);
      expect(part).toContain('www.segmentia.es');
    }
    expect(email.text).toContain(`${strings.summary.interest}: ${strings.interest.TECHNOLOGICAL_TRANSFORMATION}`);
    expect(email.text).toContain('Agencia <Norte> & Co');
    // The visitor's words are text in the HTML, never markup.
    expect(email.html).toContain('Agencia &lt;Norte&gt; &amp; Co');
    expect(email.html).not.toContain('<Norte>');
    expect(email.html).toContain('Íñigo &quot;Iñi&quot; Ortega');
    expect(email.html).toContain(`lang="${locale.tag}"`);
  });
});

import path from 'node:path';
import { companyFrom } from '@segmentia/contracts/company';
import { LOCALES } from '@segmentia/contracts/locales';
import { jsonFilesIn, leftovers, vocabularyOf } from '@segmentia/testing';
import { Interest } from '../generated/prisma/enums';
import { confirmationEmail } from './confirmation-email';
import { dataLinkEmail, dataLinkUrl } from './data-link-email';
import type { LeadSummary } from './lead-message';

/** Every key and text of the emails' and the site's locale files: a key shown in an email is one of them. */
const VOCABULARY = vocabularyOf(jsonFilesIn(path.join(__dirname, 'locales'), path.join(__dirname, '../../../site/locales')));

/** What a mail client shows of an email's HTML: its title, preview and body text, tags dropped and entities read. */
const shownText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, code: string) =>
      code.startsWith('#x')
        ? String.fromCodePoint(parseInt(code.slice(2), 16))
        : code.startsWith('#')
          ? String.fromCodePoint(Number(code.slice(1)))
          : ({ amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0', apos: "'" }[code] ?? entity),
    );

const COMPANY = companyFrom({});
const SITE = 'https://www.segmentia.es';
const LEAD = {
  id: '6f1c0b1e-3c1f-4f7e-9f55-2d1c8b7a0e11',
  receivedAt: new Date('2026-11-23T16:05:00Z'),
  email: 'inigo@agencianorte.es',
} as LeadSummary;

describe('every email, in every language, as its reader sees it', () => {
  const emails = LOCALES.flatMap((locale) => [
    ...Object.values(Interest).map((interest) => ({
      name: `confirmation (${interest}) in ${locale.code}`,
      email: () => confirmationEmail({ ...LEAD, interest, locale: locale.api }, COMPANY, SITE),
    })),
    {
      name: `data link in ${locale.code}`,
      email: () => dataLinkEmail({ locale: locale.api, url: dataLinkUrl(SITE, locale.api, 'dGVzdA'), minutes: 30 }, COMPANY, SITE),
    },
  ]);

  it.each(emails.map(({ name, email }) => [name, email] as const))(
    '%s: no unfilled placeholder, no translation key, no $t( in the subject, the text or the HTML',
    (_, render) => {
      const email = render();
      for (const [part, text] of [
        ['subject', email.subject],
        ['text', email.text],
        ['html', shownText(email.html)],
      ] as const) {
        expect({ part, leftovers: leftovers(text, VOCABULARY) }).toEqual({ part, leftovers: [] });
      }
    },
  );

  it('reads the HTML as a mail client shows it (the check sees what a reader would)', () => {
    const { html } = confirmationEmail({ ...LEAD, interest: 'SOLUTIONS', locale: 'EN' }, COMPANY, SITE);
    expect(shownText(html)).toContain('Segmentia');
    expect(shownText(html)).not.toMatch(/<|font-family/);
    expect(leftovers(shownText(html.replace('Segmentia</div>', '{{brand}} optOut.intro</div>')), VOCABULARY)).toEqual([
      '{{brand}}',
      'optOut.intro',
    ]);
  });
});

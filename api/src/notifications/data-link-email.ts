import type { Company } from '@segmentia/contracts/company';
import { type LocaleCode, LOCALES, localizedPath } from '@segmentia/contracts/locales';
import type { Locale } from '../generated/prisma/enums';
import { type ConfirmationEmail, fill } from './confirmation-email';
import { renderEmail } from './email-templates';
import de from './locales/data-link/de.json';
import en from './locales/data-link/en.json';
import es from './locales/data-link/es.json';
import fr from './locales/data-link/fr.json';
import it from './locales/data-link/it.json';

export type DataLinkStrings = typeof es;

/** The link email's words in each language of the site (locales/data-link/{code}.json, the same keys in each: data-link-email.spec.ts). */
export const DATA_LINK_STRINGS: Record<LocaleCode, DataLinkStrings> = { es, en, de, it, fr };

/** The privacy centre's page that opens a link; its token travels in the fragment, which no server and no log sees. */
export const MY_DATA_PATH = '/privacy-center/my-data/';

/** The link that opens the data of an address's requests, on the page of the request's language. */
export function dataLinkUrl(siteUrl: string, locale: Locale, token: string): string {
  const { code } = LOCALES.find((entry) => entry.api === locale)!;
  return `${siteUrl}${localizedPath(code, MY_DATA_PATH)}#token=${token}`;
}

/**
 * The privacy centre's link to the data of one's requests, in the language of the page it was asked from: what it
 * opens, for how long, what to do when one did not ask, and the company's legal footer. Sent only to an address that
 * already has a lead; nothing a visitor typed is in it but that address's link.
 */
export function dataLinkEmail(
  link: { locale: Locale; url: string; minutes: number },
  company: Company,
  siteUrl: string,
): ConfirmationEmail {
  const locale = LOCALES.find((entry) => entry.api === link.locale)!;
  const strings = DATA_LINK_STRINGS[locale.code];
  const values = {
    minutes: link.minutes,
    site: new URL(siteUrl).host,
    company: company.companyName,
    address: company.address,
    taxId: company.taxId,
  };
  const privacyUrl = `${siteUrl}${localizedPath(locale.code, '/privacy/')}`;
  const text = [
    strings.greeting,
    '',
    fill(strings.intro, values),
    '',
    `${strings.action}: ${link.url}`,
    '',
    fill(strings.validity, values),
    '',
    strings.ignore,
    '',
    strings.signoff,
    '',
    '--',
    fill(strings.why, values),
    `${strings.privacy}: ${privacyUrl}`,
    fill(strings.legal, values),
  ].join('\n');

  const rendered = renderEmail('data-link', locale.code, { ...values, privacyUrl, url: link.url });
  return { subject: strings.subject, text, html: rendered };
}

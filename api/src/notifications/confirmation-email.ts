import { type Company, localizedAddress } from '@segmentia/contracts/company';
import { type LocaleCode, LOCALES, localizedPath } from '@segmentia/contracts/locales';
import type { Locale } from '../generated/prisma/enums';
import { renderEmail } from './email-templates';
import { RESPONSE_WORKING_HOURS, type LeadSummary } from './lead-message';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';

export type EmailStrings = typeof es;

/** The confirmation's words in each language of the site (locales/{code}.json, the same keys in each: confirmation-email.spec.ts). */
export const EMAIL_STRINGS: Record<LocaleCode, EmailStrings> = { es, en, de, it, fr };

/** `{{name}}` placeholders of the plain-text part filled; one without its value throws, as the HTML's do (renderEmail). */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value === undefined) throw new Error(`An email's text has {{${key}}}, and no value for it`);
    return String(value);
  });

export interface ConfirmationEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The prospect's confirmation that the request arrived, in the request's
 * language: what happens next and when, the request's summary, and the
 * company's legal footer with a link to the privacy policy. Plain text and
 * HTML (api/emails/confirmation.mjml, compiled per language when the API is built).
 *
 * Anyone can send the form with someone else's address, so nothing the
 * visitor typed is in it (no name, no agency: they could carry a link or a
 * phone number to phish with, sent from the company's domain); only the
 * address it goes to, which its reader knows.
 */
export function confirmationEmail(lead: LeadSummary, company: Company, siteUrl: string): ConfirmationEmail {
  const locale = LOCALES.find((entry) => entry.api === (lead.locale as Locale))!;
  const strings = EMAIL_STRINGS[locale.code];
  const values = {
    hours: RESPONSE_WORKING_HOURS,
    site: new URL(siteUrl).host,
    company: company.companyName,
    // The country in the email's language ("…, Madrid, Spain" in English).
    address: localizedAddress(company.address, locale.code),
    taxId: company.taxId,
    // The right to object, stated apart in the first message (art. 21(4) GDPR), with where to exercise the others.
    privacyEmail: company.privacyEmail,
    privacyCenterUrl: `${siteUrl}${localizedPath(locale.code, '/privacy-center/')}`,
  };
  const privacyUrl = `${siteUrl}${localizedPath(locale.code, '/privacy/')}`;
  const received = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(
    lead.receivedAt,
  );
  const summary: [string, string][] = [
    [strings.summary.contact, lead.email],
    [strings.summary.interest, strings.interest[lead.interest]],
    [strings.summary.received, received],
  ];

  const text = [
    fill(strings.greeting, values),
    '',
    strings.intro,
    '',
    `${strings.nextTitle}:`,
    ...strings.next.map((step, index) => `${index + 1}. ${fill(step, values)}`),
    '',
    `${strings.summaryTitle}:`,
    ...summary.map(([name, value]) => `- ${name}: ${value}`),
    '',
    strings.reply,
    '',
    fill(strings.object, values),
    '',
    strings.signoff,
    '',
    '--',
    fill(strings.why, values),
    `${strings.privacy}: ${privacyUrl}`,
    fill(strings.legal, values),
  ].join('\n');

  const rendered = renderEmail('confirmation', locale.code, {
    ...values,
    privacyUrl,
    contact: lead.email,
    interest: strings.interest[lead.interest],
    received,
  });
  return { subject: strings.subject, text, html: rendered };
}

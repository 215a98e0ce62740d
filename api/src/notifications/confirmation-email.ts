import mjml2html from 'mjml';
import { type Company, localizedAddress } from '@segmentia/contracts/company';
import { type LocaleCode, LOCALES, localizedPath } from '@segmentia/contracts/locales';
import type { Locale } from '../generated/prisma/enums';
import { RESPONSE_WORKING_HOURS, type LeadSummary } from './lead-message';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';

export type EmailStrings = typeof es;

/** The confirmation's words in each language of the site (locales/{code}.json, the same keys in each: email-strings.spec.ts). */
export const EMAIL_STRINGS: Record<LocaleCode, EmailStrings> = { es, en, de, it, fr };

export const COLORS = { ink: '#0b1b3f', soft: '#5b6b8c', primary: '#1f4fff', surface: '#f4f6fb', line: '#e2e7f2' };
export const FONT = 'Inter, "Segoe UI", Helvetica, Arial, sans-serif';

export const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** `{{name}}` placeholders filled; the values are the caller's, escaped by it where the text becomes HTML. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

export interface ConfirmationEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The prospect's confirmation that the request arrived, in the request's
 * language: what happens next and when, the request's summary, and the
 * company's legal footer with a link to the privacy policy. Plain text and
 * HTML (MJML, which makes HTML that mail clients show alike).
 *
 * Anyone can send the form with someone else's address, so nothing the
 * visitor typed is in it (no name, no agency: they could carry a link or a
 * phone number to phish with, sent from the company's domain); only the
 * address it goes to, which its reader knows.
 */
export async function confirmationEmail(lead: LeadSummary, company: Company, siteUrl: string): Promise<ConfirmationEmail> {
  const locale = LOCALES.find((entry) => entry.api === (lead.locale as Locale))!;
  const strings = EMAIL_STRINGS[locale.code];
  const values = {
    hours: RESPONSE_WORKING_HOURS,
    site: new URL(siteUrl).host,
    company: company.companyName,
    // The country in the email's language ("…, Madrid, Spain" in English).
    address: localizedAddress(company.address, locale.code),
    taxId: company.taxId,
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
  const next = strings.next.map((step) => fill(step, values));

  const text = [
    fill(strings.greeting, values),
    '',
    strings.intro,
    '',
    `${strings.nextTitle}:`,
    ...next.map((step, index) => `${index + 1}. ${step}`),
    '',
    `${strings.summaryTitle}:`,
    ...summary.map(([name, value]) => `- ${name}: ${value}`),
    '',
    strings.reply,
    '',
    strings.signoff,
    '',
    '--',
    fill(strings.why, values),
    `${strings.privacy}: ${privacyUrl}`,
    fill(strings.legal, values),
  ].join('\n');

  const htmlValues = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, html(String(value))]));
  const { html: rendered, errors } = await mjml2html(
    `<mjml lang="${locale.tag}">
  <mj-head>
    <mj-title>${html(strings.subject)}</mj-title>
    <mj-preview>${html(fill(strings.preview, values))}</mj-preview>
    <mj-attributes>
      <mj-all font-family='${FONT}' />
      <mj-text font-size="16px" line-height="1.6" color="${COLORS.ink}" padding="0 0 16px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLORS.surface}" width="600px">
    <mj-section padding="32px 24px 16px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" padding="0">Segmentia</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="12px" padding="32px 24px">
      <mj-column>
        <mj-text>${fill(html(strings.greeting), htmlValues)}</mj-text>
        <mj-text>${html(strings.intro)}</mj-text>
        <mj-text font-size="18px" font-weight="700" padding="8px 0 8px">${html(strings.nextTitle)}</mj-text>
        <mj-text><ol style="margin:0;padding-left:20px">${next
          .map((step) => `<li style="margin-bottom:8px">${html(step)}</li>`)
          .join('')}</ol></mj-text>
        <mj-text font-size="18px" font-weight="700" padding="8px 0 8px">${html(strings.summaryTitle)}</mj-text>
        <mj-table font-size="15px" color="${COLORS.ink}" padding="0 0 24px">
          ${summary
            .map(
              ([name, value]) =>
                `<tr style="border-bottom:1px solid ${COLORS.line}"><th scope="row" style="text-align:left;padding:8px 12px 8px ` +
                `0;color:${COLORS.soft};font-weight:400;vertical-align:top">${html(name)}</th><td ` +
                `style="padding:8px 0">${html(value)}</td></tr>`,
            )
            .join('')}
        </mj-table>
        <mj-text>${html(strings.reply)}</mj-text>
        <mj-text padding="0">${html(strings.signoff)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="24px">
      <mj-column>
        <mj-text font-size="13px" color="${COLORS.soft}" padding="0 0 8px">${fill(html(strings.why), htmlValues)}</mj-text>
        <mj-text font-size="13px" padding="0 0 8px"
          ><a href="${html(privacyUrl)}" style="color:${COLORS.primary}">${html(strings.privacy)}</a></mj-text
        >
        <mj-text font-size="13px" color="${COLORS.soft}" padding="0">${fill(html(strings.legal), htmlValues)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`,
    { validationLevel: 'strict' },
  );
  if (errors.length)
    throw new Error(`The confirmation email's template is not valid MJML: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return { subject: strings.subject, text, html: rendered };
}

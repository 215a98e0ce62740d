import mjml2html from 'mjml';
import type { Company } from '@segmentia/contracts/company';
import { type LocaleCode, LOCALES, localizedPath } from '@segmentia/contracts/locales';
import type { Locale } from '../generated/prisma/enums';
import { COLORS, type ConfirmationEmail, fill, FONT, html } from './confirmation-email';
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
export async function dataLinkEmail(
  link: { locale: Locale; url: string; minutes: number },
  company: Company,
  siteUrl: string,
): Promise<ConfirmationEmail> {
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
        <mj-text>${html(strings.greeting)}</mj-text>
        <mj-text>${fill(html(strings.intro), htmlValues)}</mj-text>
        <mj-button href="${html(link.url)}" background-color="${COLORS.primary}" color="#ffffff" font-size="16px"
          font-weight="700" border-radius="8px" inner-padding="12px 24px" padding="8px 0 24px" align="left"
          >${html(strings.action)}</mj-button
        >
        <mj-text>${fill(html(strings.validity), htmlValues)}</mj-text>
        <mj-text>${html(strings.ignore)}</mj-text>
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
    throw new Error(`The data link email's template is not valid MJML: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return { subject: strings.subject, text, html: rendered };
}

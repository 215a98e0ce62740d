import { readFileSync } from 'node:fs';
import path from 'node:path';
import { companyFrom } from '@segmentia/contracts/company';
import { LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { confirmationEmail, EMAIL_STRINGS } from './confirmation-email';
import { emailMessage, type LeadSummary, webhookPayload } from './lead-message';

/** Every key path of a strings file, arrays by index: what each language must have. */
const keyPaths = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];
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
  fitScore: 46,
  fitReasons: [
    { rule: 'agencySize', value: 'UP_TO_2M', points: 5, maxPoints: 25 },
    { rule: 'advertiserCount', value: 'FROM_10_TO_25', points: 8, maxPoints: 20 },
    { rule: 'decisionRole', value: 'DECIDE', points: 20, maxPoints: 20 },
    { rule: 'email', value: 'FREE', points: 0, maxPoints: 15 },
    { rule: 'interest', value: 'TECHNOLOGICAL_TRANSFORMATION', points: 6, maxPoints: 10 },
    { rule: 'country', value: 'UNKNOWN', points: 4, maxPoints: 10 },
  ],
  requestNumber: 1,
  repeatOf: null,
  requestedAudiences: [],
};
const COMPANY = companyFrom({});

describe("the prospect's confirmation email", () => {
  it('has the same strings and placeholders in every language', () => {
    const [reference, ...others] = LOCALES.map(({ code }) => EMAIL_STRINGS[code]);
    for (const strings of others) {
      expect(keyPaths(strings)).toEqual(keyPaths(reference));
      expect(placeholders(strings)).toEqual(placeholders(reference));
    }
  });

  it("names the interests as the site's form does", () => {
    for (const { code } of LOCALES) {
      const site = JSON.parse(readFileSync(path.join(__dirname, '../../../site/locales', code, 'contact.json'), 'utf8')) as {
        options: { interest: object };
      };
      expect(EMAIL_STRINGS[code].interest).toEqual(site.options.interest);
    }
  });

  it.each(LOCALES.map((locale) => [locale.code, locale] as const))(
    'in %s: subject, steps, summary, footer and privacy link, as text and HTML',
    (code, locale) => {
      const strings = EMAIL_STRINGS[code];
      const email = confirmationEmail({ ...LEAD, locale: locale.api }, COMPANY, 'https://www.segmentia.es');
      const privacyUrl = `https://www.segmentia.es${localizedPath(code, '/privacy/')}`;
      expect(email.subject).toBe(strings.subject);
      for (const part of [email.text, email.html]) {
        expect(part).toContain('72');
        expect(part).toContain(privacyUrl);
        expect(part).toContain(COMPANY.taxId);
        expect(part).toContain('www.segmentia.es');
      }
      // The right to object, in a paragraph of its own, with the privacy address and the privacy centre's page.
      const privacyCenterUrl = `https://www.segmentia.es${localizedPath(code, '/privacy-center/')}`;
      const object = strings.object.replace('{{privacyEmail}}', COMPANY.privacyEmail).replace('{{privacyCenterUrl}}', privacyCenterUrl);
      expect(email.text.split('\n')).toContain(object);
      expect(email.html).toContain(object);
      expect(email.text).toContain(`${strings.summary.interest}: ${strings.interest.TECHNOLOGICAL_TRANSFORMATION}`);
      expect(email.text).toContain(`${strings.summary.contact}: ${LEAD.email}`);
      expect(email.html).toContain(`<html lang="${locale.tag}"`);
      // The summary's table: each label, the interest named in the email's language.
      const cells = email.html.replace(/>\s+/g, '>').replace(/\s+</g, '<');
      for (const label of Object.values(strings.summary)) expect(cells).toContain(`>${label}</th>`);
      expect(cells).toContain(`>${strings.interest.TECHNOLOGICAL_TRANSFORMATION}</td>`);
      expect(email.text).not.toMatch(/\{\{/);
      expect(email.html).not.toMatch(/\{\{|\[\[/);
      // The company's country in the email's language.
      const country = { es: 'España', en: 'Spain', de: 'Spanien', it: 'Spagna', fr: 'Espagne' }[code];
      expect(email.text).toContain(`28009 Madrid, ${country}`);
    },
  );

  it("carries nothing the visitor typed but the address it goes to (anyone may send the form with another's address)", () => {
    const phishing = { ...LEAD, contactName: 'Pay at evil.example', agencyName: 'Call +34 600 000 000 or https://evil.example/pay' };
    for (const { api } of LOCALES) {
      const email = confirmationEmail({ ...phishing, locale: api }, COMPANY, 'https://www.segmentia.es');
      for (const part of [email.subject, email.text, email.html]) {
        for (const typed of ['evil.example', 'Pay at', '600 000 000']) expect(part).not.toContain(typed);
      }
    }
  });
});

describe("sales' notification of a lead", () => {
  it("carries exactly what the privacy policy lists: the agency's name, the fit score and the link", () => {
    const repeat = { ...LEAD, requestNumber: 3, repeatOf: { id: 'x', receivedAt: new Date('2026-10-12T09:00:00Z') } };
    const link = `https://segmentia.es/staff/?lead=${LEAD.id}`;
    const { subject, text } = emailMessage(repeat, 'https://segmentia.es/staff/');
    expect(subject).toBe('New demo request: Agencia <Norte> & Co (fit 46/100)');
    expect(text.split('\n')).toEqual([
      'A demo request arrived.',
      '',
      'Agency: Agencia <Norte> & Co',
      'Fit: 46/100',
      '',
      `Open the lead: ${link}`,
      'The visitor was promised an answer within 72 hours, weekends and public holidays not counted.',
    ]);
    const webhook = webhookPayload(repeat, 'https://segmentia.es/staff/');
    expect(webhook.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'New demo request: Agencia <Norte> & Co' } });
    expect(webhook.blocks[1]!.fields!.map((field) => field.text)).toEqual(['*Agency*\nAgencia &lt;Norte&gt; &amp; Co', '*Fit*\n46/100']);
    // Not the score's reasons, the spend band, the agency type, the interest, the language or the repeat history.
    for (const sent of [subject, text, JSON.stringify(webhook)]) {
      for (const withheld of ['media spend', '€2M', 'Media)', 'technological', 'ES', 'Repeat', '3rd', '2026-10-12']) {
        expect(sent).not.toContain(withheld);
      }
    }
  });

  it('says nothing personal and nothing of the visit: the agency, the score and the link (the processors see no more)', () => {
    const asked = {
      ...LEAD,
      requestedAudiences: [
        {
          country: 'DE',
          audience: 'motorsport-fans',
          segmentId: 'SGM-DE-AUTO-MOTORSPORT-FANS',
          englishTaxonomyPath: 'Segmentia › Automotive › Motorsport fans',
        },
      ],
    };
    const email = emailMessage(asked, 'https://segmentia.es/staff/');
    const webhook = JSON.stringify(webhookPayload(asked, 'https://segmentia.es/staff/'));
    for (const sent of [email.text, email.subject, webhook]) {
      for (const withheld of ['Íñigo', LEAD.email, 'SGM-DE-AUTO-MOTORSPORT-FANS', 'Audiences', 'Landing', 'Source']) {
        expect(sent).not.toContain(withheld);
      }
    }
    expect(email).not.toHaveProperty('replyTo');
    expect(email.text).toContain('Agency: Agencia <Norte> & Co');
    expect(webhook).toContain('Open the lead');
  });

  it("escapes Slack's mrkdwn in the webhook's text as in its fields: an agency cannot ping the channel or add a link", () => {
    const payload = webhookPayload(
      { ...LEAD, agencyName: '<!channel> <https://evil.example|Open the lead>' },
      'https://segmentia.es/staff/',
    );
    expect(payload.text).toBe('New demo request: &lt;!channel&gt; &lt;https://evil.example|Open the lead&gt; (fit 46/100)');
    expect(JSON.stringify(payload.blocks[1])).toContain('&lt;!channel&gt;');
  });
});

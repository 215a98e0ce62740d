import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALE_CODES } from '@segmentia/contracts/locales';
import { compileEmail } from '../../emails/compile';
import { EMAILS, readEmailTemplates, renderEmail, templateFile } from './email-templates';

/** The per-lead values each email's code fills (confirmation-email.ts, data-link-email.ts). */
const FILLED = {
  confirmation: [
    'address',
    'company',
    'contact',
    'hours',
    'interest',
    'privacyCenterUrl',
    'privacyEmail',
    'privacyUrl',
    'received',
    'site',
    'taxId',
  ],
  'data-link': ['address', 'company', 'minutes', 'privacyUrl', 'site', 'taxId', 'url'],
};
const placeholders = (template: string) => [...new Set([...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]))].sort();
const HOSTILE = '<a href="https://evil.example">x</a> & co';

describe('the compiled email templates', () => {
  it.each(EMAILS)('leave in every language the %s email’s placeholders, the ones its code fills, and no word unfilled', (email) => {
    for (const code of LOCALE_CODES) {
      const template = readFileSync(templateFile(email, code), 'utf8');
      expect(placeholders(template)).toEqual(FILLED[email]);
      expect(template).not.toContain('[[');
    }
  });

  it.each(EMAILS)('keep the %s email’s attributes whole: no quote inside a value ends one early (its text would not show)', (email) => {
    for (const code of LOCALE_CODES) expect(readFileSync(templateFile(email, code), 'utf8')).not.toMatch(/="[^"]*"[^\s>/]/);
  });

  it('are those api/emails compiles now (npm run generate -w api after editing a template or a locale)', async () => {
    for (const email of EMAILS) {
      for (const code of LOCALE_CODES) expect(readFileSync(templateFile(email, code), 'utf8')).toBe(await compileEmail(email, code));
    }
  });

  it('HTML-escape every value they receive, in text and in attributes', () => {
    const escaped = '&lt;a href=&quot;https://evil.example&quot;&gt;x&lt;/a&gt; &amp; co';
    const template = readFileSync(templateFile('data-link', 'en'), 'utf8');
    const rendered = renderEmail('data-link', 'en', Object.fromEntries(FILLED['data-link'].map((name) => [name, HOSTILE])));
    expect(rendered).not.toContain(HOSTILE);
    expect(rendered).not.toContain('evil.example"');
    expect(rendered.split(escaped).length - 1).toBe(template.match(/\{\{\w+\}\}/g)!.length);
    expect(rendered).toContain(`href="${escaped}"`);
  });

  it('refuse to render with a placeholder left without its value', () => {
    const values = Object.fromEntries(FILLED.confirmation.filter((name) => name !== 'received').map((name) => [name, 'x']));
    expect(() => renderEmail('confirmation', 'de', values)).toThrow("The confirmation email's de template has {{received}}");
  });

  it('stop the start when one is missing, naming it and the command that makes it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'emails-'));
    try {
      for (const email of EMAILS) for (const code of LOCALE_CODES) writeFileSync(templateFile(email, code, dir), '<html></html>');
      expect(readEmailTemplates(dir).size).toBe(EMAILS.length * LOCALE_CODES.length);
      rmSync(templateFile('data-link', 'it', dir));
      expect(() => readEmailTemplates(dir)).toThrow(
        `The data-link email's it template ${templateFile('data-link', 'it', dir)} cannot be read (ENOENT): \`npm run generate -w api\``,
      );
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type LocaleCode, LOCALE_CODES } from '@segmentia/contracts/locales';

/** The emails laid out in api/emails, each compiled to one HTML file per language. */
export const EMAILS = ['confirmation', 'data-link'] as const;
export type EmailName = (typeof EMAILS)[number];

/**
 * Where `npm run generate -w api` writes the compiled HTML (api/emails/compile.ts) and `npm run build -w api` copies
 * it under dist: beside the generated Prisma client, so the sources' tests and the built API each find their own.
 */
export const TEMPLATES_DIR = path.join(__dirname, '../generated/emails');

export const templateFile = (email: EmailName, code: LocaleCode, dir = TEMPLATES_DIR) => path.join(dir, `${email}.${code}.html`);

export const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Every email's template in every language, by `{email}.{code}`; one that cannot be read throws, naming it and the fix. */
export function readEmailTemplates(dir = TEMPLATES_DIR): Map<string, string> {
  const read = new Map<string, string>();
  for (const email of EMAILS) {
    for (const code of LOCALE_CODES) {
      const file = templateFile(email, code, dir);
      try {
        read.set(`${email}.${code}`, readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(
          `The ${email} email's ${code} template ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? error}): ` +
            '`npm run generate -w api` compiles the templates and `npm run build -w api` copies them into dist',
        );
      }
    }
  }
  return read;
}

let templates: Map<string, string> | undefined;

/** The templates, read once, when the API starts (NotificationSenders): a missing one stops the start, not a send. */
export const loadEmailTemplates = () => (templates ??= readEmailTemplates());

/**
 * An email's HTML in one language, each `{{name}}` of it replaced by its value HTML-escaped. A placeholder without a
 * value throws: an email never leaves with a `{{…}}` in it.
 */
export function renderEmail(email: EmailName, code: LocaleCode, values: Record<string, string | number>): string {
  return loadEmailTemplates()
    .get(`${email}.${code}`)!
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      if (value === undefined) throw new Error(`The ${email} email's ${code} template has {{${name}}}, and no value for it`);
      return html(String(value));
    });
}

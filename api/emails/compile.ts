/**
 * `npm run generate -w api`: each email of api/emails (its content inside layout.mjml) compiled by MJML into one HTML
 * file per language, with that language's words in it. MJML (and its two hundred packages) runs here only, never in the
 * API: at run time the API fills the `{{name}}` placeholders left in the HTML (email-templates.ts).
 *
 * In the .mjml files, `[[key]]` is a word of the email's locales/{code}.json (`[[next.0]]`: an array's first),
 * HTML-escaped here; `[[theme.name]]` a colour or the font; `[[lang]]` the language's tag; `[[content]]` in the
 * layout, where the email's own file goes; `{{name}}` a per-lead value the API fills.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mjml2html from 'mjml';
import { type LocaleCode, LOCALES } from '@segmentia/contracts/locales';
import { type EmailName, EMAILS, html, TEMPLATES_DIR, templateFile } from '../src/notifications/email-templates';

const SOURCES = __dirname;
const LOCALE_FOLDERS: Record<EmailName, string> = { confirmation: 'locales', 'data-link': 'locales/data-link' };

export const THEME = {
  // Single quotes: MJML copies the font into double-quoted style attributes.
  font: "Inter, 'Segoe UI', Helvetica, Arial, sans-serif",
  ink: '#0b1b3f',
  soft: '#5b6b8c',
  primary: '#1f4fff',
  surface: '#f4f6fb',
  line: '#e2e7f2',
};

const read = (file: string) => readFileSync(path.join(SOURCES, file), 'utf8');

/** The value at a dotted path (`summary.contact`, `next.0`); a path that leads to no text throws. */
function word(context: object, key: string, email: EmailName, code: LocaleCode): string {
  const value: unknown = key.split('.').reduce<unknown>((inner, part) => (inner as Record<string, unknown> | undefined)?.[part], context);
  if (typeof value !== 'string') throw new Error(`api/emails (${email}, ${code}): [[${key}]] names no text of the locale`);
  return value;
}

/** One email's MJML in one language, words in place, `{{…}}` left for the API. */
export function emailMjml(email: EmailName, code: LocaleCode): string {
  const { tag } = LOCALES.find((locale) => locale.code === code)!;
  const strings = JSON.parse(
    readFileSync(path.join(SOURCES, '../src/notifications', LOCALE_FOLDERS[email], `${code}.json`), 'utf8'),
  ) as object;
  const context = { ...strings, theme: THEME, lang: tag };
  return (
    read('layout.mjml')
      .replace('[[content]]', read(`${email}.mjml`))
      .replace(/\[\[([\w.]+)\]\]/g, (_, key: string) => html(word(context, key, email, code)))
      // Prettier writes `{{ name }}` in text; the API fills `{{name}}`.
      .replace(/\{\{\s*(\w+)\s*\}\}/g, '{{$1}}')
  );
}

/** One email's HTML in one language; MJML's strict validation makes a template mistake fail the build. */
export async function compileEmail(email: EmailName, code: LocaleCode): Promise<string> {
  const { html: compiled, errors } = await mjml2html(emailMjml(email, code), { validationLevel: 'strict' });
  if (errors.length) throw new Error(`api/emails/${email}.mjml (${code}): ${errors.map((error) => error.formattedMessage).join('; ')}`);
  return compiled;
}

if (require.main === module) {
  mkdirSync(TEMPLATES_DIR, { recursive: true });
  Promise.all(
    EMAILS.flatMap((email) => LOCALES.map(async ({ code }) => writeFileSync(templateFile(email, code), await compileEmail(email, code)))),
  )
    .then((written) => console.log(`Wrote ${written.length} emails in ${path.relative(process.cwd(), TEMPLATES_DIR)}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

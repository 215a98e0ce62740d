import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES } from '@segmentia/contracts/locales';

const LOCALES_DIR = path.resolve(__dirname, '../../../locales');
/** Each page kind's meta description: namespace and key (see each page's Head). */
const DESCRIPTIONS = {
  home: ['home', 'meta.description'],
  legal: ['legal', 'description'],
  privacy: ['privacy', 'description'],
  cookies: ['cookies', 'description'],
  privacyCenter: ['privacy-center', 'description'],
  myData: ['my-data', 'meta.description'],
  notFound: ['common', 'notFound.text'],
  staff: ['staff', 'meta.description'],
} as const;

function description(code: string, [ns, key]: readonly [string, string]): string {
  const json = JSON.parse(readFileSync(path.join(LOCALES_DIR, code, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  const text = key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], json) as string;
  // The live figure the home page fills in (27 countries today; two digits either way).
  return text.replace('{{countries}}', '27');
}

describe('meta descriptions', () => {
  const all = LOCALE_CODES.flatMap((code) =>
    Object.entries(DESCRIPTIONS).map(([page, where]) => ({ code, page, text: description(code, where) })),
  );

  it('are 50 to 160 characters long on every page in every language, so search results show them whole', () => {
    const outside = all
      .filter(({ text }) => text.length < 50 || text.length > 160)
      .map(({ code, page, text }) => `${code} ${page}: ${text.length}`);
    expect(outside).toEqual([]);
  });

  it('are unique: no two pages or languages share one', () => {
    const texts = all.map(({ text }) => text);
    expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
  });
});

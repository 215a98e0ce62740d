import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES } from '@segmentia/contracts/locales';

const LOCALES_DIR = path.resolve(__dirname, '../../../locales');
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every string of a namespace, by its key path (arrays indexed). */
function strings(value: Json, prefix = ''): Map<string, string> {
  if (typeof value === 'string') return new Map([[prefix, value]]);
  if (value && typeof value === 'object') {
    return new Map(Object.entries(value).flatMap(([key, child]) => [...strings(child, prefix ? `${prefix}.${key}` : key)]));
  }
  return new Map();
}

const read = (code: string, file: string) => JSON.parse(readFileSync(path.join(LOCALES_DIR, code, file), 'utf8')) as Json;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const namespaces = readdirSync(path.join(LOCALES_DIR, 'es')).filter((file) => file.endsWith('.json'));

describe('translations', () => {
  it('have the same namespaces in every language', () => {
    for (const code of LOCALE_CODES) expect(readdirSync(path.join(LOCALES_DIR, code)).sort()).toEqual([...namespaces].sort());
  });

  describe.each(namespaces)('%s', (file) => {
    const spanish = strings(read('es', file));

    it.each(LOCALE_CODES.filter((code) => code !== 'es'))('in %s has every key of Spanish, and no other', (code) => {
      const other = strings(read(code, file));
      expect([...other.keys()].sort()).toEqual([...spanish.keys()].sort());
    });

    it.each([...LOCALE_CODES])('in %s has no empty text and no broken placeholder', (code) => {
      for (const [key, text] of strings(read(code, file))) {
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
        // Every {{ is closed, none is nested or empty.
        expect({ key, broken: /\{\{(?![^{}]*\w[^{}]*\}\})|\{\{[^}]*\{\{/.test(text) }).toEqual({ key, broken: false });
        // i18next fills {{name}} only: a single-brace {name} reaches the page as written.
        expect({ key, singleBrace: text.match(/(?<!\{)\{\s*\w+\s*\}(?!\})/g) }).toEqual({ key, singleBrace: null });
        // Typography: "…" and ’, never three dots or a typewriter apostrophe.
        expect({ key, typewritten: text.match(/\.\.\.|\w'\w/g) }).toEqual({ key, typewritten: null });
      }
    });

    it.each(LOCALE_CODES.filter((code) => code !== 'es'))('in %s uses the same placeholders as Spanish', (code) => {
      const other = strings(read(code, file));
      for (const [key, text] of spanish) {
        expect({ key, placeholders: placeholders(other.get(key) ?? '') }).toEqual({ key, placeholders: placeholders(text) });
      }
    });
  });

  it('hold no control character (a NUL once reached a published page), here and in the API’s email texts', () => {
    const files = [
      ...LOCALE_CODES.flatMap((code) => namespaces.map((file) => path.join(LOCALES_DIR, code, file))),
      ...LOCALE_CODES.map((code) => path.resolve(__dirname, `../../../../api/src/notifications/locales/${code}.json`)),
    ];
    for (const file of files) {
      for (const [key, text] of strings(JSON.parse(readFileSync(file, 'utf8')) as Json)) {
        const control = [...text]
          .map((character) => character.codePointAt(0)!)
          .filter((code) => code < 0x20 || (code >= 0x7f && code <= 0x9f));
        expect({ file: path.relative(LOCALES_DIR, file), key, control }).toEqual({
          file: path.relative(LOCALES_DIR, file),
          key,
          control: [],
        });
      }
    }
  });

  it('leave no single-brace placeholder in the API’s email texts either (their renderers fill {{name}} only)', () => {
    const emails = path.resolve(__dirname, '../../../../api/src/notifications/locales');
    const files = LOCALE_CODES.flatMap((code) => [path.join(emails, `${code}.json`), path.join(emails, 'data-link', `${code}.json`)]);
    for (const file of files) {
      for (const [key, text] of strings(JSON.parse(readFileSync(file, 'utf8')) as Json)) {
        const singleBrace = text.match(/(?<!\{)\{\s*\w+\s*\}(?!\})/g);
        expect({ file: path.relative(emails, file), key, singleBrace }).toEqual({
          file: path.relative(emails, file),
          key,
          singleBrace: null,
        });
      }
    }
  });

  it('claim no figure on the home page that the data cannot show: its numbers come from the API ({{…}})', () => {
    for (const code of LOCALE_CODES) {
      for (const [key, text] of strings(read(code, 'home.json'))) {
        // The video's length is the video's own fact.
        if (key === 'omnichannel.video.caption') continue;
        const figures = text.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/\d[\d.,]*\s*(M|Mio|mln)?\+?/g) ?? [];
        expect({ code, key, figures }).toEqual({ code, key, figures: [] });
      }
    }
  });

  it('write English in US spelling (en-US), on the pages and in the audience catalogue', () => {
    const britishForms = [
      'behaviour|colour|favour|neighbour|catalogue|licence|travell|theatre|centre|organis|personalis|pseudonymis|anonymis',
      'authoris|prioritis|optimis|recognis|customis|minimis|utilis|summaris|analys(e|ed|es|ing)\\b|tyre|fibre|programme',
      'defence|offence|labour|honour|rumour|humour|vapour|armour|enquir|judgement|cancell|travell|labell|modell|whilst',
      'amongst|per cent',
    ];
    const british = new RegExp(`\\b\\w*(${britishForms.join('|')})\\w*`, 'gi');
    const catalogue = ['audiences', 'topics'].flatMap((file) =>
      (
        JSON.parse(readFileSync(path.resolve(__dirname, `../../../../api/prisma/seed/catalog/${file}.json`), 'utf8')) as {
          names: { en: string };
          descriptions?: { en: string };
        }[]
      ).flatMap((item) => [item.names.en, item.descriptions?.en ?? '']),
    );
    // Every English text, the legal ones and the form's first layer included, and the confirmation email.
    const texts = [
      ...namespaces.map((file) => ({ file, entries: strings(read('en', file)) })),
      {
        file: 'api/notifications/en.json',
        entries: strings(
          JSON.parse(readFileSync(path.resolve(__dirname, '../../../../api/src/notifications/locales/en.json'), 'utf8')) as Json,
        ),
      },
      { file: 'catalog', entries: new Map(catalogue.map((text, index) => [String(index), text])) },
    ].flatMap(({ file, entries }) => [...entries].map(([key, text]) => ({ file, key, found: text.match(british) ?? [] })));
    expect(texts.filter(({ found }) => found.length > 0)).toEqual([]);
  });

  it('name the footer’s cookie settings button in the privacy policy as the footer labels it', () => {
    for (const code of LOCALE_CODES) {
      const label = strings(read(code, 'consent.json')).get('control')!;
      const policy = [...strings(read(code, 'privacy.json')).values()].join('\n');
      expect({ code, label, named: new RegExp(`[«“„]\\s?${label}\\s?[»”“]`).test(policy) }).toEqual({ code, label, named: true });
    }
  });

  it('leave no English sentence in the other languages', () => {
    const english = new Set(
      [...namespaces.flatMap((file) => [...strings(read('en', file)).values()])].filter((text) => text.split(' ').length > 3),
    );
    for (const code of ['es', 'de', 'it', 'fr']) {
      for (const file of namespaces) {
        for (const [key, text] of strings(read(code, file)))
          expect({ key, code, english: english.has(text) }).toEqual({ key, code, english: false });
      }
    }
  });
});

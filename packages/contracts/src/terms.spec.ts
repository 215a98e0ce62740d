import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from './locales';
import { LEGAL_TEXTS, TERMS_TEXTS_SHA256, TERMS_VERSION } from './terms';

const LOCALE_DIR = path.join(__dirname, '../../../site/locales');
type Reader = (language: string, namespace: string) => Record<string, unknown>;
const read: Reader = (language, namespace) =>
  JSON.parse(readFileSync(path.join(LOCALE_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The legal texts of every language, as one canonical text: what a visitor accepts. */
function legalTexts(read: Reader): string {
  return JSON.stringify(
    LOCALES.map(({ code }) => {
      const contact = read(code, 'contact');
      return {
        language: code,
        pages: LEGAL_TEXTS.pages.map((page) => read(code, page)),
        contact: LEGAL_TEXTS.contactKeys.map((key) => contact[key]),
      };
    }),
  );
}

describe('the terms version', () => {
  it('moves with the legal texts: changing one in any language needs a new TERMS_VERSION', () => {
    const hash = hashOf(legalTexts(read));
    if (hash !== TERMS_TEXTS_SHA256) {
      throw new Error(
        `The legal texts changed since TERMS_VERSION ${TERMS_VERSION} (packages/contracts/src/terms.ts): set TERMS_VERSION to the ` +
          `date the new texts take effect and TERMS_TEXTS_SHA256 to '${hash}'.`,
      );
    }
  });

  it('covers every legal page and the form notice in every language: one word changed anywhere changes the hash', () => {
    const hash = hashOf(legalTexts(read));
    const covered = [...LEGAL_TEXTS.pages.map((page) => [page, 'title']), ...LEGAL_TEXTS.contactKeys.map((key) => ['contact', key])];
    for (const { code } of LOCALES) {
      for (const [namespace, key] of covered) {
        const changed: Reader = (language, file) => {
          const texts = read(language, file);
          return language === code && file === namespace ? { ...texts, [key!]: `${JSON.stringify(texts[key!])} ` } : texts;
        };
        expect({ code, namespace, key, same: hashOf(legalTexts(changed)) === hash }).toEqual({ code, namespace, key, same: false });
      }
    }
  });

  it('is a date', () => {
    expect(TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

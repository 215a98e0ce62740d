import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from './locales';
import { LEGAL_TEXTS, TERMS_TEXTS_SHA256, TERMS_VERSION } from './terms';

const LOCALE_DIR = path.join(__dirname, '../../../site/locales');
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(LOCALE_DIR, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** The legal texts of every language, as one canonical text: what a visitor accepts. */
function legalTexts(): string {
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
    const hash = createHash('sha256').update(legalTexts()).digest('hex');
    if (hash !== TERMS_TEXTS_SHA256) {
      throw new Error(
        `The legal texts changed since TERMS_VERSION ${TERMS_VERSION} (packages/contracts/src/terms.ts): set TERMS_VERSION to the ` +
          `date the new texts take effect and TERMS_TEXTS_SHA256 to '${hash}'.`,
      );
    }
  });

  it('covers every legal page and the form notice in every language', () => {
    const texts = legalTexts();
    for (const { code } of LOCALES) {
      for (const page of LEGAL_TEXTS.pages) expect(texts).toContain(JSON.stringify(read(code, page)));
      expect(JSON.stringify(read(code, 'contact').firstLayer).length).toBeGreaterThan(100);
    }
  });

  it('is a date', () => {
    expect(TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALE_CODES } from '@segmentia/contracts/locales';
import { COOKIES, revisionOf } from './config';
import { consentTextsDigest, LOCALES_DIR } from './consent-texts';

describe('the consent revision and the texts', () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'consent-texts-'));
    cpSync(LOCALES_DIR, copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  /** Changes the first occurrence of `from` (by default a key's string value: `"key": "` becomes `"key": "x`). */
  const edit = (file: string, key: string, from = `"${key}": "`, to = `${from}x`) => {
    const text = readFileSync(path.join(copy, file), 'utf8');
    expect(text).toContain(from);
    writeFileSync(path.join(copy, file), text.replace(from, to));
  };
  const revision = () => revisionOf(COOKIES, consentTextsDigest(copy));

  it('is the same for the same texts, and within the alphabet the API stores', () => {
    expect(revision()).toBe(revisionOf(COOKIES, consentTextsDigest()));
    expect(revision()).toMatch(/^consent~language~analytics~tag-manager~[a-z0-9]+$/);
  });

  it.each(LOCALE_CODES)('changes when a category purpose changes in %s', (code) => {
    const before = revision();
    edit(`${code}/consent.json`, 'description');
    expect(revision()).not.toBe(before);
  });

  it('changes when a button label or a cookie row changes', () => {
    const before = revision();
    edit('de/consent.json', 'acceptAll');
    const labelChanged = revision();
    expect(labelChanged).not.toBe(before);
    edit('fr/cookies.json', 'duration', '"duration": "90 jours"', '"duration": "91 jours"');
    expect(revision()).not.toBe(labelChanged);
  });

  it('does not change with the rest of the cookie policy (its date moves through TERMS_VERSION)', () => {
    const before = revision();
    edit('it/cookies.json', 'intro');
    expect(revision()).toBe(before);
  });
});

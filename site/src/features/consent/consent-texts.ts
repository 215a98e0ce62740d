/**
 * What a visitor decides on besides the list of cookies: the consent texts (locales/{lang}/consent.json: the bar,
 * the settings and each category's purpose) and the cookie table's rows (cookies.json `cookies`) of every language.
 * Their digest is part of the consent revision (config.ts), so a changed purpose, cookie row or consent text asks
 * again. Build-time code (gatsby-node compiles the digest into the bundle; the browser tests derive the revision).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES } from '@segmentia/contracts/locales';

export const LOCALES_DIR = path.resolve(__dirname, '../../../locales');

/** The texts, in a fixed order: every language's consent.json and its cookie table's rows. */
export function consentTexts(localesDir = LOCALES_DIR): string {
  const read = (code: string, file: string) => JSON.parse(readFileSync(path.join(localesDir, code, file), 'utf8')) as unknown;
  return JSON.stringify(
    LOCALE_CODES.map((code) => [code, read(code, 'consent.json'), (read(code, 'cookies.json') as { cookies: unknown }).cookies]),
  );
}

/** A short digest of those texts (base 36, within the revision's alphabet). */
export function consentTextsDigest(localesDir = LOCALES_DIR): string {
  return BigInt(`0x${createHash('sha256').update(consentTexts(localesDir)).digest('hex').slice(0, 12)}`).toString(36);
}

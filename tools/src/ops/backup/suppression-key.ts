/**
 * The suppression list's key travels with the backups. The list holds only HMACs of advertising IDs under it, so a
 * database restored without it keeps hashes nothing can match, and the API refuses to start with another key
 * (api/src/privacy/suppression-key.ts). `npm run prod` keeps it in .data/prod/suppression-hash.key when
 * SUPPRESSION_HASH_KEY is unset; every base backup carries it, encrypted like the rest; a restore puts it back.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Its name in `npm run prod`'s folder, and in a base backup's. */
export const SUPPRESSION_KEY_FILE = 'suppression-hash.key';

const keyFileOf = (prodDataDir: string) => path.join(prodDataDir, SUPPRESSION_KEY_FILE);
const readKey = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);

/**
 * The key `npm run prod` gives its replicas: SUPPRESSION_HASH_KEY when set, else the key file of its folder, which
 * `make` makes once when missing (so the hashes stored before a restart still match). Undefined: neither exists.
 */
export function prodSuppressionKey(prodDataDir: string, configured: string | undefined, make = false): string | undefined {
  if (configured) return configured;
  const file = keyFileOf(prodDataDir);
  if (make && !existsSync(file)) {
    mkdirSync(prodDataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readKey(file);
}

/**
 * Puts a restored backup's key back where `npm run prod` reads it, never over another key: that one stays, the
 * backup's goes beside it (`.restored`), and the answer says what to do. Returns the line to tell the operator.
 */
export function putBackSuppressionKey(restored: string, prodDataDir: string, configured: string | undefined): string {
  const file = keyFileOf(prodDataDir);
  const current = configured ?? readKey(file);
  const where = configured ? 'SUPPRESSION_HASH_KEY' : path.relative(process.cwd(), file);
  if (current === restored) return `suppression key: ${where} is the backup's already`;
  if (current === undefined) {
    mkdirSync(prodDataDir, { recursive: true });
    writeFileSync(file, restored, { mode: 0o600 });
    return `suppression key: put back in ${where}`;
  }
  const aside = `${file}.restored`;
  writeFileSync(aside, restored, { mode: 0o600 });
  return (
    `suppression key: ${where} is not the key the restored list was hashed with, which is now in ${aside}: ` +
    `${configured ? 'set SUPPRESSION_HASH_KEY to it' : `move it over ${where}`}, or the API refuses to start on this database`
  );
}

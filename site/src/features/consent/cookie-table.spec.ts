import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_CODES } from '@segmentia/contracts/locales';
import { COOKIES } from './config';
import { LOCALES_DIR } from './consent-texts';

/**
 * Cookies a wildcard target covers that Google documents for the tags behind it: the conversion linker's
 * (support.google.com/tagmanager/answer/7549390, support.google.com/analytics/answer/7519794). The live container's
 * audit (docs/site.md, "Before a release") adds any other it finds here and to the table.
 */
const DOCUMENTED: Record<string, string[]> = { '_gcl_*': ['_gcl_au', '_gcl_aw', '_gcl_dc', '_gcl_gb'], '_ga_*': ['_ga_<ID>'] };

const rowNames = (code: string) =>
  (JSON.parse(readFileSync(path.join(LOCALES_DIR, code, 'cookies.json'), 'utf8')) as { cookies: { name: string }[] }).cookies.flatMap(
    (row) => row.name.split(', '),
  );

const SOURCES = path.resolve(__dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.includes('.spec.')
        ? [path.join(dir, entry.name)]
        : [],
  );

/**
 * Every key the site's code writes to localStorage or sessionStorage: the first argument of each `setItem(`, a string
 * or a constant of the same file, `${…}` parts of it that are not such constants shown as `<name>` (the table's way).
 */
function writtenStorageKeys(): { file: string; key: string }[] {
  return [...sourceFiles(SOURCES), path.resolve(SOURCES, '../gatsby-browser.tsx')].flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const constants = new Map([...source.matchAll(/const (\w+) = '([^']*)'/g)].map(([, name, value]) => [name!, value!]));
    const resolve = (text: string) => text.replace(/\$\{(\w+)\}/g, (_, name: string) => constants.get(name) ?? `<${name}>`);
    return (
      [...source.matchAll(/\bsetItem\(\s*([^,)]+),/g)]
        .map(([, argument]) => argument!.trim())
        // A type's declaration (`setItem(key: string, …)`), not a call.
        .filter((argument) => !/^\w+: /.test(argument))
        .map((argument) => ({
          file: path.relative(SOURCES, file),
          key: /^['`]/.test(argument) ? resolve(argument.slice(1, -1)) : (constants.get(argument) ?? `unresolved ${argument}`),
        }))
    );
  });
}

describe('the storage keys the site writes', () => {
  it('are found in its code (the check reads what it should)', () => {
    const keys = writtenStorageKeys().map(({ key }) => key);
    expect(keys).toEqual(expect.arrayContaining(['segmentia.myDataToken', 'segmentia-consent-id', 'segmentia-reloaded:<path>']));
    expect(keys.filter((key) => key.startsWith('unresolved'))).toEqual([]);
  });

  it.each([...LOCALE_CODES])('are each a row of the cookie table in %s', (code) => {
    const names = rowNames(code);
    for (const { file, key } of writtenStorageKeys())
      expect({ file, key, listed: names.includes(key) }).toEqual({ file, key, listed: true });
  });
});

describe.each(LOCALE_CODES)('the cookie table in %s', (code) => {
  it('names every cookie config.ts targets, and each one a wildcard is documented to cover', () => {
    const names = rowNames(code);
    const targets = COOKIES.flatMap((cookie) => cookie.targets);
    expect(targets).toContain('_gcl_*');
    for (const target of targets) expect(names).toEqual(expect.arrayContaining(DOCUMENTED[target] ?? [target]));
  });

  it('has the same rows as the Spanish one, in the same order', () => {
    expect(rowNames(code)).toEqual(rowNames('es'));
  });
});

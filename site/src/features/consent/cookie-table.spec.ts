import { readFileSync } from 'node:fs';
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

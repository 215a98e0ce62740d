import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CRAWLER_AGENT, DEFAULT_LOCALE, LOCALES } from '@segmentia/contracts/locales';
import { brotliConfig, NGINX_TEMPLATE } from './nginx';

describe('brotli beside gzip', () => {
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');
  let modules: string;
  beforeEach(() => {
    modules = mkdtempSync(path.join(os.tmpdir(), 'nginx-modules-'));
  });
  afterEach(() => rmSync(modules, { recursive: true, force: true }));

  it('is on, for exactly the types the template compresses with gzip, when nginx loads the module', () => {
    writeFileSync(path.join(modules, '50-mod-http-brotli-filter.conf'), 'load_module modules/ngx_http_brotli_filter_module.so;\n');
    const gzipTypes = /gzip_types ([^;]+);/.exec(template)![1];
    expect(brotliConfig(template, modules)).toBe(`  brotli on;\n  brotli_comp_level 5;\n  brotli_types ${gzipTypes};\n`);
  });

  it('is left out when nginx has no brotli module, or no modules folder at all', () => {
    writeFileSync(path.join(modules, '50-mod-http-geoip.conf'), '');
    expect(brotliConfig(template, modules)).toBe('');
    expect(brotliConfig(template, path.join(modules, 'missing'))).toBe('');
  });

  it('refuses a template without gzip types to follow', () => {
    writeFileSync(path.join(modules, '50-mod-http-brotli-filter.conf'), '');
    expect(() => brotliConfig(template.replace(/gzip_types[^;]+;/, ''), modules)).toThrow('gzip_types');
  });
});

describe("the template's language redirect of `/`", () => {
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');

  it("uses the same crawler rule and languages as npm start's site server", () => {
    expect(template).toContain(`"~*${CRAWLER_AGENT.source}" 1;`);
    const codes = LOCALES.map((locale) => locale.code).join('|');
    expect(template).toContain(`~^(?<code>${codes})$ $code;`);
    expect(template).toContain(`~^01(?<code>${codes.replace(`${DEFAULT_LOCALE}|`, '')})$ /$code/;`);
  });
});

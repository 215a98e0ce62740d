import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CRAWLER_AGENT, DEFAULT_LOCALE, LOCALES } from '@segmentia/contracts/locales';
import { mainConfig, NGINX_TEMPLATE } from './nginx';

describe('the main configuration, rendered for this machine', () => {
  let modules: string;
  const render = () => mainConfig({ NGINX_RUN_DIR: '/run/here', NGINX_ERROR_LOG: '/run/here/error.log' }, modules);
  beforeEach(() => {
    modules = mkdtempSync(path.join(os.tmpdir(), 'nginx-modules-'));
  });
  afterEach(() => rmSync(modules, { recursive: true, force: true }));

  it('keeps brotli, for exactly the types gzip compresses, when nginx loads the module', () => {
    writeFileSync(path.join(modules, '50-mod-http-brotli-filter.conf'), 'load_module modules/ngx_http_brotli_filter_module.so;\n');
    const config = render();
    expect(config).toContain('  brotli on;');
    expect(/brotli_types ([^;]+);/.exec(config)![1]).toBe(/gzip_types ([^;]+);/.exec(config)![1]);
  });

  it("serves the build's .br files only where nginx loads the static module", () => {
    writeFileSync(path.join(modules, '50-mod-http-brotli-filter.conf'), '');
    expect(render()).not.toContain('brotli_static');
    writeFileSync(path.join(modules, '50-mod-http-brotli-static.conf'), '');
    expect(render()).toContain('  brotli_static on;');
  });

  it('leaves brotli out when nginx has no brotli module, or no modules folder at all', () => {
    writeFileSync(path.join(modules, '50-mod-http-geoip.conf'), '');
    expect(render()).not.toMatch(/^\s*brotli/m);
    rmSync(modules, { recursive: true });
    expect(render()).not.toMatch(/^\s*brotli/m);
    expect(render()).toContain('  gzip on;');
  });

  it('writes in the folder it is given, and includes the template rendered there', () => {
    const config = render();
    expect(config).toContain('pid /run/here/nginx.pid;');
    expect(config).toContain('error_log /run/here/error.log warn;');
    expect(config).toContain('include /run/here/default.conf;');
    expect(config).not.toContain('${');
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

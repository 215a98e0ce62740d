import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CRAWLER_AGENT, DEFAULT_LOCALE, LOCALES } from '@segmentia/contracts/locales';
import { until } from '@segmentia/testing';
import { freePort } from '../../common/ports';
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

describe("the access log's truncated address, with this machine's nginx running the template's map", () => {
  let dir: string;
  let nginx: ChildProcess;
  let port: number;
  /** What the log would say for a visitor at `address` (nginx's realip takes it from the header, as behind a proxy). */
  const logged = async (address: string) => (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': address } })).text();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-nginx-client-'));
    port = await freePort();
    const map = /^map \$remote_addr \$segmentia_client \{[^}]*\}/m.exec(readFileSync(NGINX_TEMPLATE, 'utf8'))![0];
    const config = path.join(dir, 'nginx.conf');
    writeFileSync(
      config,
      `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {}
http {
  access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir};
  fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  ${map}
  server {
    listen 127.0.0.1:${port}; set_real_ip_from 127.0.0.1; real_ip_header X-Forwarded-For;
    location / { return 200 $segmentia_client; }
  }
}
`,
    );
    nginx = spawn('nginx', ['-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    await until('nginx answers', async () => (await logged('192.0.2.1').catch(() => undefined)) === '192.0.2.0', {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
  });
  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await new Promise((resolve) => (nginx.exitCode === null ? nginx.once('exit', resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8:1::7', '2001:db8:1::'],
    // "::" among the first three groups: the zero groups it stands for, never a host group.
    ['2001:db8::5:6', '2001:db8:0::'],
    ['2001::5:6', '2001:0:0::'],
    ['::1', '0:0:0::'],
    ['::ffff:198.51.100.9', '0:0:0::'],
  ])('logs %s as %s (IPv4 /24, IPv6 /48)', async (address, client) => {
    expect(await logged(address)).toBe(client);
  });
});

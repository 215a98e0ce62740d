import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../common/paths';

export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy', 'nginx', 'templates', 'default.conf.template');
/** nginx's main configuration, a template too (the web image and this machine's topology render it alike). */
export const NGINX_MAIN = path.join(REPO_ROOT, 'deploy', 'nginx', 'nginx.conf');

/** The variables the template reads; docker-compose.yml sets the same names. */
export const NGINX_VARIABLES = [
  'SITE_URL',
  'NGINX_HTTP_PORT',
  'NGINX_HTTPS_PORT',
  'NGINX_TLS_CERT',
  'NGINX_TLS_KEY',
  'NGINX_SITE_ROOT',
  'NGINX_API_SERVERS',
  'NGINX_REAL_IP',
  'NGINX_GRAPHQL_RATE',
  'NGINX_GRAPHQL_BURST',
  'NGINX_GRAPHQL_CONNECTIONS',
  'NGINX_ACCESS_LOG',
  'NGINX_HEADERS_DIR',
  'NGINX_CACHE_DIR',
  'NGINX_ACME_ROOT',
  'NGINX_STATUS_PORT',
] as const;
export type NginxVariables = Record<(typeof NGINX_VARIABLES)[number], string>;

export type EdgeLimits = Pick<NginxVariables, 'NGINX_GRAPHQL_RATE' | 'NGINX_GRAPHQL_BURST' | 'NGINX_GRAPHQL_CONNECTIONS'>;

/**
 * Each visitor's budget on /graphql, as the web image sets it (its ENV; compose.spec ties the two): 10 requests a
 * second, 40 more at once, 30 in progress at once. A fast visitor asks at most about 30 at once (the selection named
 * again in a new language: one countryAudiences per country, 27 at most) and a few a second clicking through the
 * explorer (each choice one query, the search one per pause in typing), then 4 to send the form.
 */
export const EDGE_LIMITS: EdgeLimits = { NGINX_GRAPHQL_RATE: '10r/s', NGINX_GRAPHQL_BURST: '40', NGINX_GRAPHQL_CONNECTIONS: '30' };

/** What the health checks ask, here and in docker-compose.yml: nginx itself, and an API replica's readiness. */
export const HEALTH_PATHS = { nginx: '/nginx-health', api: '/ready' } as const;

/** nginx's counters (stub_status), on NGINX_STATUS_PORT of the loopback: what the nginx exporter reads. */
export const NGINX_STATUS_PATH = '/nginx-status';

/**
 * What the official nginx image's entrypoint does with a template (envsubst
 * of the variables that are set), with one difference: a ${VARIABLE} the
 * template uses and nobody set is an error here, not a broken config.
 */
export function renderTemplate(template: string, variables: Record<string, string>): string {
  return template.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`The nginx template uses \${${name}}, which is not set`);
    return value;
  });
}

const MODULES = '/etc/nginx/modules-enabled';

/**
 * nginx's main configuration (deploy/nginx/nginx.conf, the web image's own) rendered for a folder of this machine:
 * its brotli lines left out when this machine's nginx lacks their module (Debian's libnginx-mod-http-brotli-filter
 * compresses on the fly, libnginx-mod-http-brotli-static serves the build's .br files), and, as root, workers that
 * run as root too (they read the site where the clone is, which other users may not enter).
 */
export function mainConfig(variables: Record<'NGINX_RUN_DIR' | 'NGINX_ERROR_LOG', string>, modules = MODULES): string {
  const loaded = existsSync(modules) ? readdirSync(modules) : [];
  const has = (module: string) => loaded.some((name) => name.includes(module));
  const lines = renderTemplate(readFileSync(NGINX_MAIN, 'utf8'), variables)
    .split('\n')
    .filter((line) => (/^\s*brotli_static/.test(line) ? has('brotli-static') : has('brotli-filter') || !/^\s*brotli/.test(line)));
  if (process.getuid?.() === 0) lines.unshift('user root;');
  return lines.join('\n');
}

/** Renders the template and the main configuration into `dir`, as the web image does into /tmp/nginx; returns the main one's path. */
export function writeNginxConfig(dir: string, variables: NginxVariables): string {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  writeFileSync(path.join(dir, 'default.conf'), renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), { ...variables }));
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(main, mainConfig({ NGINX_RUN_DIR: dir, NGINX_ERROR_LOG: path.join(dir, 'error.log') }));
  return main;
}

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';

export const NGINX_TEMPLATE = path.join(REPO_ROOT, 'deploy', 'nginx', 'templates', 'default.conf.template');

/** The variables the template reads; docker-compose.yml sets the same names. */
export const NGINX_VARIABLES = [
  'SITE_URL',
  'NGINX_HTTP_PORT',
  'NGINX_HTTPS_PORT',
  'NGINX_TLS_CERT',
  'NGINX_TLS_KEY',
  'NGINX_SITE_ROOT',
  'NGINX_API_SERVERS',
  'NGINX_ACCESS_LOG',
  'NGINX_HEADERS_DIR',
  'NGINX_CACHE_DIR',
  'NGINX_ACME_ROOT',
] as const;
export type NginxVariables = Record<(typeof NGINX_VARIABLES)[number], string>;

/** What the health checks ask, here and in docker-compose.yml: nginx itself, and an API replica's readiness. */
export const HEALTH_PATHS = { nginx: '/nginx-health', api: '/ready' } as const;

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
 * Brotli beside the template's gzip, for the same types, when this machine's
 * nginx loads the module (Debian's libnginx-mod-http-brotli-filter); the
 * compose image has no such module and keeps gzip alone.
 */
export function brotliConfig(template: string, modules = MODULES): string {
  if (!existsSync(modules) || !readdirSync(modules).some((name) => name.includes('brotli-filter'))) return '';
  const types = /^\s*gzip_types ([^;]+);/m.exec(template)?.[1];
  if (!types) throw new Error('The nginx template sets no gzip_types for brotli to follow');
  return `  brotli on;\n  brotli_comp_level 5;\n  brotli_types ${types};\n`;
}

/**
 * The main configuration the image has in /etc/nginx/nginx.conf, with every
 * path in `dir` so that it runs beside any other nginx, and the rendered
 * template included as the image includes conf.d.
 */
/** As root, the workers read the site where the clone is, which may be a folder other users cannot enter. */
const ROOT_WORKERS = '# Workers read the site where the clone is, which may be a folder other users cannot enter.\nuser root;\n';

function mainConfig(dir: string, rendered: string, template: string): string {
  return `# Written by npm run prod / npm run drill: the official image's nginx.conf, with paths of its own.
${existsSync(MODULES) ? `include ${MODULES}/*.conf;\n` : ''}${process.getuid?.() === 0 ? ROOT_WORKERS : ''}worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  keepalive_timeout 65;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
${brotliConfig(template)}  include ${rendered};
}
`;
}

/** Renders the template into `dir` and writes the main configuration; returns its path. */
export function writeNginxConfig(dir: string, variables: NginxVariables): string {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const rendered = path.join(dir, 'default.conf');
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');
  writeFileSync(rendered, renderTemplate(template, { ...variables }));
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(main, mainConfig(dir, rendered, template));
  return main;
}

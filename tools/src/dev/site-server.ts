import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import { LANGUAGE_PREFIX, languageRedirect } from '@segmentia/contracts/locales';
import { isPortError, portError } from '../common/ports';

/**
 * The security headers the site's build computed for this build (its inline
 * scripts' hashes in the CSP), the root page's (its own inline script too), the
 * staff page's and the privacy centre's (no tag host) apart:
 * `site/headers/security-headers.json`, beside site/public. nginx serves the same
 * sets (security-headers.conf, security-headers-home.conf,
 * security-headers-staff.conf, security-headers-untagged.conf).
 */
export function builtSecurityHeaders(publicDir: string): {
  public: Record<string, string>;
  home: Record<string, string>;
  staff: Record<string, string>;
  staffPath: RegExp;
  untagged: Record<string, string>;
  untaggedPath: RegExp;
} {
  const file = path.join(publicDir, '..', 'headers', 'security-headers.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the site again (npm run build -w site) to compute its security headers.`);
  const built = JSON.parse(readFileSync(file, 'utf8')) as {
    public: Record<string, string>;
    home: Record<string, string>;
    staff: Record<string, string>;
    staffPath: string;
    untagged: Record<string, string>;
    untaggedPath: string;
  };
  return { ...built, staffPath: new RegExp(built.staffPath), untaggedPath: new RegExp(built.untaggedPath) };
}

/** A page's headers: the staff page's, the privacy centre's, or the public pages'. */
function pageHeaders(headers: ReturnType<typeof builtSecurityHeaders>, pagePath: string): Record<string, string> {
  if (headers.staffPath.test(pagePath)) return headers.staff;
  return headers.untaggedPath.test(pagePath) ? headers.untagged : headers.public;
}

/**
 * Serves the built site (site/public) the way a static host should: its
 * security headers on every answer, hashed assets cached for a year, pages
 * revalidated, compressed, `/` sent to the visitor's language, and an unknown path
 * answered with HTTP 404 and the "Page not found" page of its language.
 * Rejects when it cannot listen (a port taken or forbidden: a ConfigError
 * naming `variable`, the setting that chose the port).
 */
export function serveSite(publicDir: string, port: number, host = '0.0.0.0', variable = 'SITE_PORT'): Promise<Server> {
  const headers = builtSecurityHeaders(publicDir);
  const app = express();
  app.disable('x-powered-by');
  // Every answer, files, pages and 404s alike.
  app.use((request, response, next) => {
    const home = request.path === '/' || request.path === '/index.html';
    response.set(home ? headers.home : pageHeaders(headers, request.path));
    next();
  });
  app.use(compression());
  // `/` in the visitor's language, before anything is painted (nginx: the same rule).
  app.get('/', (request, response, next) => {
    response.setHeader('Vary', 'Cookie, Accept-Language');
    const target = languageRedirect({
      cookie: request.headers.cookie,
      browserLanguages: request.acceptsLanguages(),
      userAgent: request.headers['user-agent'],
      referer: request.headers.referer,
      host: request.headers.host,
    });
    if (!target) return next();
    const query = request.originalUrl.indexOf('?');
    response.setHeader('Cache-Control', 'no-cache');
    response.redirect(302, `${target}${query >= 0 ? request.originalUrl.slice(query) : ''}`);
  });
  const cacheControl = (response: express.Response, file: string) => {
    const immutable = file.includes(`${path.sep}static${path.sep}`) || /-[0-9a-f]{16,}\.(js|css)$/.test(file);
    response.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  };
  // The build's brotli copy of a file (site/build/precompress.ts), to a browser that takes brotli.
  app.use((request, response, next) => {
    response.vary('Accept-Encoding');
    if (!['GET', 'HEAD'].includes(request.method) || !request.acceptsEncodings('br')) return next();
    let file: string;
    try {
      file = path.join(publicDir, path.normalize(decodeURIComponent(request.path)).replace(/[\\/]$/, `${path.sep}index.html`));
    } catch {
      return next(); // A malformed address: express.static answers it.
    }
    if (!file.startsWith(publicDir + path.sep) || !existsSync(`${file}.br`)) return next();
    response.type(path.extname(file));
    response.setHeader('Content-Encoding', 'br');
    cacheControl(response, file);
    // Revalidated by its ETag alone; no byte ranges of a compressed answer: two headers fewer on every page (68 B).
    response.sendFile(`${file}.br`, { lastModified: false, acceptRanges: false });
  });
  app.use(express.static(publicDir, { redirect: true, setHeaders: cacheControl }));
  app.use((request, response) => {
    const language = LANGUAGE_PREFIX.exec(request.path)?.[1];
    const localized = language && path.join(publicDir, language, '404', 'index.html');
    const page = localized && existsSync(localized) ? localized : path.join(publicDir, '404.html');
    response.status(404).setHeader('Cache-Control', 'no-cache').sendFile(page);
  });
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    const failed = (error: NodeJS.ErrnoException) => reject(isPortError(error) ? portError({ port, variable }, error.code) : error);
    server.once('error', failed);
    server.once('listening', () => {
      server.off('error', failed);
      resolve(server);
    });
  });
}

/**
 * The site's security headers, computed from the built site after each build
 * (gatsby-node's onPostBuild) and written where both servers read them:
 * `headers/security-headers.json` for `npm start`'s site server, and
 * `headers/security-headers.conf` (add_header lines) for nginx, so the two
 * cannot drift.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVACY_CENTER_PATH, STAFF_PATH } from '../src/features/security/paths';
import { htmlFiles } from './built-pages';

/** What the policy depends on besides the built pages: the build's GATSBY_* settings. */
export interface PolicySettings {
  apiUrl: string;
  siteUrl: string;
  gtmId?: string;
  firebase: { apiKey?: string; authDomain?: string; appId?: string; measurementId?: string; authEmulatorUrl?: string };
}

/**
 * Hosts Google Tag Manager and Google Analytics 4 (gtag, Firebase Analytics) load from and report to, and no Google
 * Ads host (googleadservices.com, googleads.g.doubleclick.net, www.google.com/pagead): the cookies policy says the
 * container holds only the conversion linker and a demo request reaches Google Ads only as a GA4 event it imports.
 * A Google Ads tag would widen this list, add cookies to the table and ask every visitor again (docs/site.md).
 */
const GOOGLE_TAGS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
/** Firebase Analytics' own endpoints. */
const FIREBASE_ANALYTICS = ['https://firebase.googleapis.com', 'https://firebaseinstallations.googleapis.com'];
/** Firebase Auth: its REST endpoints; Google sign-in's script and the auth domain's frame. */
const FIREBASE_AUTH = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

/** The site's root page, `/`: the only one with the inline script that sends a visitor to their language (language-redirect.ts). */
const HOME_PAGE = 'index.html';

/** The CSP hashes of the built pages' inline scripts: every page's, and the root page's with its own one too. */
export interface InlineScripts {
  public: string[];
  home: string[];
}

/**
 * The inline scripts of the built pages, as CSP hashes, each page read once: not the structured data
 * (`application/ld+json`), a data block the browser never runs, which the policy does not govern. The root page's own
 * (the language choice's) is allowed only on the root page: every other answer carries one hash fewer.
 */
export function inlineScriptHashes(publicDir: string): InlineScripts {
  const others = new Set<string>();
  const rootOnly = new Set<string>();
  for (const file of htmlFiles(publicDir)) {
    const hashes = path.relative(publicDir, file) === HOME_PAGE ? rootOnly : others;
    for (const [, body] of readFileSync(file, 'utf8').matchAll(
      /<script(?![^>]*\s(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g,
    )) {
      hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
    }
  }
  return { public: [...others].sort(), home: [...new Set([...others, ...rootOnly])].sort() };
}

const origin = (url: string) => new URL(url).origin;

/**
 * The headers every answer of the site carries (HSTS apart: only over HTTPS,
 * see nginxInclude). `staff`: the staff page's, which allow no tag host at all,
 * only the site, the API and Firebase Auth. Only the staff page signs in, and
 * it is always a document of its own (gatsby-browser loads it in full, never
 * client-side), so the public pages' policy names none of Firebase Auth's hosts.
 * `untagged`: the privacy centre's (its data page shows a person's requests and
 * holds the link's token), which allow no tag host either, and no Firebase Auth;
 * gatsby-browser loads it in full too. `home`: the root page's, which also allows
 * its own inline script.
 */
export function securityHeaders(
  scripts: InlineScripts,
  settings: PolicySettings,
  { staff = false, untagged = staff, home = false }: { staff?: boolean; untagged?: boolean; home?: boolean } = {},
): Record<string, string> {
  const api = origin(settings.apiUrl) === origin(settings.siteUrl) ? [] : [origin(settings.apiUrl)];
  const analytics = !untagged && Boolean(settings.firebase.appId && settings.firebase.measurementId);
  const tags = !untagged && (Boolean(settings.gtmId) || analytics);
  const auth = staff && Boolean(settings.firebase.apiKey && settings.firebase.authDomain);
  const authDomain = auth ? [`https://${settings.firebase.authDomain}`] : [];
  const csp = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...(home ? scripts.home : scripts.public),
      ...(tags ? GOOGLE_TAGS.script : []),
      ...(auth ? ['https://apis.google.com'] : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Fonts and media fall back to default-src ('self').
    'img-src': ["'self'", 'data:', ...(tags ? GOOGLE_TAGS.img : [])],
    'connect-src': [
      "'self'",
      ...api,
      ...(tags ? GOOGLE_TAGS.connect : []),
      ...(analytics ? FIREBASE_ANALYTICS : []),
      ...(auth ? FIREBASE_AUTH : []),
      // The Firebase Auth emulator of `npm start` (never in production: the API refuses its tokens there).
      ...(auth && settings.firebase.authEmulatorUrl ? [origin(settings.firebase.authEmulatorUrl)] : []),
    ],
    'frame-src': auth ? authDomain : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return {
    'Content-Security-Policy': Object.entries(csp)
      .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
      .join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // FLoC's `interest-cohort` is gone: Chrome dropped the feature, and names it an unrecognized one.
    'Permissions-Policy':
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
      'magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
    // Google sign-in (the staff page's only) opens a popup that must be able to answer its opener.
    'Cross-Origin-Opener-Policy': auth ? 'same-origin-allow-popups' : 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Strict-Transport-Security: two years, subdomains too. Only over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * What both servers read: the public pages' headers, the root page's, the staff page's, the privacy centre's, and
 * which paths are the staff page's and the privacy centre's.
 */
export interface BuiltHeaders {
  public: Record<string, string>;
  home: Record<string, string>;
  staff: Record<string, string>;
  staffPath: string;
  untagged: Record<string, string>;
  untaggedPath: string;
}

/** The same headers as nginx `add_header` lines (always: errors too), with HSTS. */
export function nginxInclude(headers: Record<string, string>): string {
  const lines = Object.entries({ ...headers, 'Strict-Transport-Security': HSTS }).map(([name, value]) => {
    // nginx would read a quote as the value's end and a dollar as a variable.
    if (/["$\\]/.test(value)) throw new Error(`The ${name} header cannot be written for nginx: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return `# Written by the site's build (site/build/security-headers.ts): do not edit.\n${lines.join('\n')}\n`;
}

/**
 * Computes the headers of the site in `publicDir` and writes them into
 * `outDir`: security-headers.json (npm start's site server), and
 * security-headers.conf, security-headers-home.conf, security-headers-staff.conf and security-headers-untagged.conf (nginx).
 */
export function writeSecurityHeaders(publicDir: string, outDir: string, settings: PolicySettings): BuiltHeaders {
  const scripts = inlineScriptHashes(publicDir);
  const headers: BuiltHeaders = {
    public: securityHeaders(scripts, settings),
    home: securityHeaders(scripts, settings, { home: true }),
    staff: securityHeaders(scripts, settings, { staff: true }),
    staffPath: STAFF_PATH.source,
    untagged: securityHeaders(scripts, settings, { untagged: true }),
    untaggedPath: PRIVACY_CENTER_PATH.source,
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'security-headers.json'), `${JSON.stringify(headers, null, 2)}\n`);
  writeFileSync(path.join(outDir, 'security-headers.conf'), nginxInclude(headers.public));
  writeFileSync(path.join(outDir, 'security-headers-home.conf'), nginxInclude(headers.home));
  writeFileSync(path.join(outDir, 'security-headers-staff.conf'), nginxInclude(headers.staff));
  writeFileSync(path.join(outDir, 'security-headers-untagged.conf'), nginxInclude(headers.untagged));
  return headers;
}

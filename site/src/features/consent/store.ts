import { type CookieEntry, CONSENT_COOKIE, ENABLED_COOKIE, revisionOf } from './config';

export interface ConsentState {
  /** The visitor decided for today's configuration. */
  given: boolean;
  /** Ids in effect: the necessary ones always, optional ones only once given. */
  enabled: ReadonlySet<string>;
}

export function readCookie(cookies: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;]*)`).exec(cookies);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

const necessary = (config: readonly CookieEntry[]) => config.filter((cookie) => cookie.category === 'necessary').map((cookie) => cookie.id);

/**
 * The consent in the browser's cookies. It counts as given only when the
 * consent cookie equals today's configuration; otherwise nothing optional is
 * enabled and the visitor is asked (again).
 */
export function readConsent(cookies: string, config: readonly CookieEntry[]): ConsentState {
  const given = readCookie(cookies, CONSENT_COOKIE) === revisionOf(config);
  const known = new Set(config.map((cookie) => cookie.id));
  const chosen = given ? (readCookie(cookies, ENABLED_COOKIE) ?? '').split('~').filter((id) => known.has(id)) : [];
  return { given, enabled: new Set([...necessary(config), ...chosen]) };
}

/** The two cookies that store a decision (`Set-Cookie`-style strings for `document.cookie`). */
export function decisionCookies(enabledIds: Iterable<string>, config: readonly CookieEntry[], expiryDays: number): string[] {
  const optional = new Set(config.filter((cookie) => cookie.category === 'optional').map((cookie) => cookie.id));
  const enabled = [
    ...necessary(config),
    ...config.map((cookie) => cookie.id).filter((id) => optional.has(id) && [...enabledIds].includes(id)),
  ];
  const attributes = `; Max-Age=${expiryDays * 24 * 60 * 60}; Path=/; SameSite=Lax`;
  return [
    `${CONSENT_COOKIE}=${encodeURIComponent(revisionOf(config))}${attributes}`,
    `${ENABLED_COOKIE}=${encodeURIComponent(enabled.join('~'))}${attributes}`,
  ];
}

/** Names of the browser's cookies that one of these patterns (`_ga_*`) targets. */
export function matchingCookies(cookies: string, patterns: readonly string[]): string[] {
  const expressions = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
  );
  return cookies
    .split(';')
    .map((cookie) => cookie.split('=')[0]!.trim())
    .filter((name) => name && expressions.some((expression) => expression.test(name)));
}

/**
 * Where a cookie may have been set: the host and each parent domain (Google's
 * cookies go on the registrable domain, e.g. `.segmentia.es` from `www.segmentia.es`).
 */
export function cookieDomains(hostname: string): (string | undefined)[] {
  const labels = hostname.split('.');
  const isAddress = /^[\d.]+$/.test(hostname) || hostname.includes(':') || labels.length < 2;
  const parents = isAddress ? [] : labels.slice(1, -1).map((_, index) => `.${labels.slice(index + 1).join('.')}`);
  return [undefined, ...(isAddress ? [] : [hostname, `.${hostname}`]), ...parents];
}

/** `document.cookie` strings that delete every cookie of these patterns, on every domain it may live on. */
export function deletionCookies(cookies: string, patterns: readonly string[], hostname: string): string[] {
  return matchingCookies(cookies, patterns).flatMap((name) =>
    cookieDomains(hostname).map((domain) => `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`),
  );
}

/** Where the browser keeps its consent id (localStorage): `{ id, expires }`, expires in ms since the epoch. */
export const CONSENT_ID_KEY = 'segmentia-consent-id';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser's consent id while it lasts; an expired or unreadable one is removed. */
export function currentConsentId(storage: Storage, now = Date.now()): string | undefined {
  const stored = storage.getItem(CONSENT_ID_KEY);
  if (stored === null) return undefined;
  try {
    const { id, expires } = JSON.parse(stored) as { id?: unknown; expires?: unknown };
    if (typeof id === 'string' && typeof expires === 'number' && expires > now) return id;
  } catch {
    // Not ours, or from before ids expired: replaced below.
  }
  storage.removeItem(CONSENT_ID_KEY);
  return undefined;
}

/**
 * The random id that ties a browser's decisions together in the consent
 * records (no IP, nothing else): it lasts as long as the decision it records
 * (`expiryDays`, the consent cookies' own life) and is renewed with each one.
 */
export function renewConsentId(storage: Storage, expiryDays: number, now = Date.now()): string {
  const id = currentConsentId(storage, now) ?? crypto.randomUUID();
  storage.setItem(CONSENT_ID_KEY, JSON.stringify({ id, expires: now + expiryDays * DAY_MS }));
  return id;
}

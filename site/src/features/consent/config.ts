/**
 * The cookies the consent tool manages: the necessary ones, and one per optional tool it loads only with consent.
 * Names, descriptions and links are in locales/{lang}/consent.json under `cookies.{id}`.
 */
import { BUILD_SETTINGS, COMPILED_IN } from '../../config/build-settings';

export interface CookieEntry {
  id: string;
  category: 'necessary' | 'optional';
  /** Cookie names it sets; `*` matches any characters (`_ga_*`). */
  targets: string[];
  /** What loads once the visitor enables it. */
  script?: 'analytics' | 'tag-manager';
  /** Marketing: kept off, without asking, when the browser sends the Global Privacy Control signal. */
  marketing?: true;
}

export const COOKIES: readonly CookieEntry[] = [
  { id: 'consent', category: 'necessary', targets: ['segmentia_consent', 'segmentia_consent_enabled'] },
  { id: 'language', category: 'necessary', targets: ['lang'] },
  { id: 'analytics', category: 'optional', targets: ['_ga', '_ga_*'], script: 'analytics' },
  { id: 'tag-manager', category: 'optional', targets: ['_gcl_*'], script: 'tag-manager', marketing: true },
];

const MARKETING = new Set(COOKIES.filter((cookie) => cookie.marketing).map((cookie) => cookie.id));

/** The browser sends the Global Privacy Control signal (Sec-GPC: 1; navigator.globalPrivacyControl). */
export const globalPrivacyControl = () =>
  typeof navigator !== 'undefined' && (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The ids a decision may enable: without marketing under the Global Privacy Control signal. */
export const allowedUnder = (gpc: boolean, ids: Iterable<string>) => [...ids].filter((id) => !(gpc && MARKETING.has(id)));

/** The consent cookie: the configuration's revision (below), once the visitor has decided. */
export const CONSENT_COOKIE = 'segmentia_consent';
/** The tilde-joined ids the visitor enabled. */
export const ENABLED_COOKIE = 'segmentia_consent_enabled';
export const CONSENT_EXPIRY_DAYS = Number(BUILD_SETTINGS.GATSBY_CONSENT_EXPIRY_DAYS ?? 182);

/**
 * The digest of the consent texts and cookie table rows of every language (consent-texts.ts), compiled in by
 * gatsby-node; empty outside a build (unit tests pass their own).
 */
export const CONSENT_TEXTS_DIGEST = COMPILED_IN.GATSBY_CONSENT_TEXTS_DIGEST ?? '';

/**
 * Today's configuration, as stored: the tilde-joined ids and a short hash of
 * the cookies each sets and of the texts the visitor decided on, so a changed
 * list, a new cookie in a category the visitor accepted, or a changed purpose,
 * cookie row or consent text asks again (the cookie policy says so).
 */
export function revisionOf(cookies: readonly CookieEntry[], textsDigest = CONSENT_TEXTS_DIGEST): string {
  let hash = 0x811c9dc5;
  for (const character of JSON.stringify([cookies.map((cookie) => [cookie.id, cookie.targets]), textsDigest])) {
    hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  }
  return [...cookies.map((cookie) => cookie.id), hash.toString(36)].join('~');
}

/**
 * The head's inline script, before anything is painted: when the visitor has
 * decided for today's configuration it marks <html data-consent-decided>, and
 * the bar (server-rendered for everyone) is never painted for them; under the
 * Global Privacy Control signal it marks <html data-gpc>, and the bar shows
 * that it is respected.
 */
const DECIDED_REVISION = encodeURIComponent(revisionOf(COOKIES)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const CONSENT_DECIDED_SNIPPET =
  `if(/(?:^|;\\s*)${CONSENT_COOKIE}=${DECIDED_REVISION}(?:;|$)/.test(document.cookie))` +
  "document.documentElement.setAttribute('data-consent-decided','');" +
  "if(navigator.globalPrivacyControl===true)document.documentElement.setAttribute('data-gpc','')";

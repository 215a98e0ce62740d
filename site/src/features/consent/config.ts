/**
 * The cookies the consent tool manages (PRODUCT.md). Names, descriptions and
 * links are in locales/{lang}/consent.json under `cookies.{id}`.
 */
export interface CookieEntry {
  id: string;
  category: 'necessary' | 'optional';
  /** Cookie names it sets; `*` matches any characters (`_ga_*`). */
  targets: string[];
  /** What loads once the visitor enables it. */
  script?: 'analytics' | 'tag-manager';
}

export const COOKIES: readonly CookieEntry[] = [
  { id: 'consent', category: 'necessary', targets: ['segmentia_consent', 'segmentia_consent_enabled'] },
  { id: 'language', category: 'necessary', targets: ['lang'] },
  { id: 'analytics', category: 'optional', targets: ['_ga', '_ga_*'], script: 'analytics' },
  { id: 'tag-manager', category: 'optional', targets: ['_gcl_*'], script: 'tag-manager' },
];

/** The consent cookie: the tilde-joined ids of every configured cookie, once the visitor has decided. */
export const CONSENT_COOKIE = 'segmentia_consent';
/** The tilde-joined ids the visitor enabled. */
export const ENABLED_COOKIE = 'segmentia_consent_enabled';
export const CONSENT_EXPIRY_DAYS = Number(process.env.GATSBY_CONSENT_EXPIRY_DAYS ?? 182);

/** Today's configuration, as stored: a changed list of cookies asks again. */
export function revisionOf(cookies: readonly CookieEntry[]): string {
  return cookies.map((cookie) => cookie.id).join('~');
}

/**
 * The head's inline script, before anything is painted: when the visitor has
 * decided for today's configuration it marks <html data-consent-decided>, and
 * the bar (server-rendered for everyone) is never painted for them.
 */
export const CONSENT_DECIDED_SNIPPET = `if(/(?:^|;\\s*)${CONSENT_COOKIE}=${encodeURIComponent(revisionOf(COOKIES)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:;|$)/.test(document.cookie))document.documentElement.setAttribute('data-consent-decided','')`;

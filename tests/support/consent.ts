import { consentTextsDigest, COOKIES, revisionOf } from '@segmentia/site/consent';

/**
 * Today's consent revision, derived as the build derives it (site/src/features/consent/config.ts): the ids, the
 * cookies each sets and the digest of every language's consent texts and cookie rows. With E2E_REUSE_BUILD, rebuild
 * after changing those texts.
 */
export const CONSENT_REVISION = revisionOf(COOKIES, consentTextsDigest());

/** The two consent cookies of a visitor who has decided today, `enabled` the tilde-joined ids they enabled. */
export const decidedCookies = (enabled: string, domain: string) =>
  ['segmentia_consent', 'segmentia_consent_enabled'].map((name, index) => ({
    name,
    value: encodeURIComponent(index === 0 ? CONSENT_REVISION : enabled),
    domain,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  }));

/** The cookie bar's "Accept all", in each language (site/locales/{code}/consent.json `acceptAll`). */
export const ACCEPT_ALL = {
  es: 'Aceptar todas',
  en: 'Accept all',
  de: 'Alle akzeptieren',
  it: 'Accetta tutti',
  fr: 'Tout accepter',
} as const;

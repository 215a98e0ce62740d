import { consentTextsDigest, COOKIES, revisionOf } from '@segmentia/site/consent';

/**
 * Today's consent revision, derived as the build derives it (site/src/features/consent/config.ts): the ids, the
 * cookies each sets and the digest of every language's consent texts and cookie rows. With E2E_REUSE_BUILD, rebuild
 * after changing those texts.
 */
export const CONSENT_REVISION = revisionOf(COOKIES, consentTextsDigest());

/** The cookie bar's "Accept all", in each language (site/locales/{code}/consent.json `acceptAll`). */
export const ACCEPT_ALL = {
  es: 'Aceptar todas',
  en: 'Accept all',
  de: 'Alle akzeptieren',
  it: 'Accetta tutti',
  fr: 'Tout accepter',
} as const;

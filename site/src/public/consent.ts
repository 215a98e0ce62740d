/** What the browser tests read of the consent: its cookies, and the revision a visitor's stored answer must match. */
export { COOKIES, revisionOf } from '../features/consent/config';
export { consentTextsDigest } from '../features/consent/consent-texts';

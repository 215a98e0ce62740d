import { DEFAULT_LOCALE, LOCALE_CODES } from '@segmentia/contracts/locales';

/** The languages whose pages live under a prefix of their own (/en/…): every one but the default. */
const PREFIXES = LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE).join('|');

/** The staff page in every language (/staff/, /en/staff/, …): its own document and its own security headers. */
export const STAFF_PATH = new RegExp(`^/(?:(?:${PREFIXES})/)?staff(?:/|$)`);

/** The privacy centre's pages in every language (/privacy-center/, /en/privacy-center/my-data/, …): nothing measures them. */
export const PRIVACY_CENTER_PATH = new RegExp(`^/(?:(?:${PREFIXES})/)?privacy-center(?:/|$)`);

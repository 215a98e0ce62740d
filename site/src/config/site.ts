import { EXAMPLE_LINKEDIN_URL } from '@segmentia/contracts/company';
import { BUILD_SETTINGS } from './build-settings';

/** The company and its site: every page reads these from here. */
export const BRAND = 'Segmentia';
export const HOME_TITLE = `${BRAND} + theTradeDesk`;

/** Build-time settings (build-settings.ts), with their defaults. */
export const SITE_URL = (BUILD_SETTINGS.GATSBY_SITE_URL ?? 'http://localhost:8000').replace(/\/$/, '');
export const API_URL = BUILD_SETTINGS.GATSBY_API_URL ?? 'http://localhost:4000/graphql';
/** The company's LinkedIn page; a public build needs it set (SITE_DECISIONS in @segmentia/contracts/company). */
export const LINKEDIN_URL = BUILD_SETTINGS.GATSBY_LINKEDIN_URL || EXAMPLE_LINKEDIN_URL;
/**
 * GATSBY_TRADE_DESK_PARTNER=true once The Trade Desk has confirmed the
 * partnership in writing: the hero then says "data partner"; by default it
 * says only that the audiences are available on The Trade Desk.
 */
export const TRADE_DESK_PARTNER = BUILD_SETTINGS.GATSBY_TRADE_DESK_PARTNER === 'true';

/**
 * The Firebase web app (GATSBY_FIREBASE_*): analytics needs the app and
 * measurement ids, staff sign-in the API key, auth domain and project. Both
 * initialise the app from this one object, so it is the same app on a page.
 */
export const FIREBASE_CONFIG = {
  apiKey: BUILD_SETTINGS.GATSBY_FIREBASE_API_KEY,
  authDomain: BUILD_SETTINGS.GATSBY_FIREBASE_AUTH_DOMAIN,
  projectId: BUILD_SETTINGS.GATSBY_FIREBASE_PROJECT_ID,
  appId: BUILD_SETTINGS.GATSBY_FIREBASE_APP_ID,
  measurementId: BUILD_SETTINGS.GATSBY_FIREBASE_MEASUREMENT_ID,
  /** The Firebase Auth emulator (`npm start` without a Firebase project): staff sign in there, with its demo accounts. */
  authEmulatorUrl: BUILD_SETTINGS.GATSBY_FIREBASE_AUTH_EMULATOR_URL,
};

/** The API's GraphQL IDE, which the staff page opens with the session's token; unset: no link (production). */
export const GRAPHQL_IDE_URL = BUILD_SETTINGS.GATSBY_GRAPHQL_IDE_URL;

/**
 * The whole product for the browser tests and the site's benchmark, as `npm
 * start` runs it but on ports of its own and a database made for the run: the
 * API, the Firebase Auth emulator staff sign in with, the mail catcher the
 * API's emails go to, the site built against them (the same locked, reusable
 * build as `npm start`), and the site server with its 404s.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from '@segmentia/api/app';
import { handOff } from '@segmentia/testing';
import { loadConfig } from '@segmentia/api/config';
import { createTemporaryDatabase, openScratchServer } from './database/temporary-database';
import { DEMO_PROJECT_ID } from './local-services/auth-emulator';
import { startLocalServices } from './local-services/local-services';
import { loadTestSettings } from '../common/test-settings';
import { REPO_ROOT } from '../common/paths';
import { freePort } from '../common/ports';
import { buildSite } from './site-build';
import { serveSite } from './site-server';

export { REPO_ROOT };

const { e2e } = loadTestSettings();
export const API_PORT = e2e.apiPort;
export const SITE_PORT = e2e.sitePort;
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
export const API_URL = `http://127.0.0.1:${API_PORT}/graphql`;
export const LEAD_RETENTION_MONTHS = 18;

/** The Auth emulator's port (its hub and log take the next two): fixed, as the site's build holds its address. */
export const AUTH_EMULATOR_PORT = e2e.authEmulatorPort;

/**
 * The Firebase web app of the site's build: the emulator's project for staff
 * sign-in, and Firebase Analytics too, so the security policy is tried with
 * every tag the site can load (fixtures' answerGoogleTags).
 */
export const FIREBASE_WEB_CONFIG = {
  GATSBY_FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
  GATSBY_FIREBASE_APP_ID: `1:1234567890:web:${DEMO_PROJECT_ID}`,
  GATSBY_FIREBASE_MEASUREMENT_ID: 'G-TEST123456',
};

export async function startStack(): Promise<() => Promise<void>> {
  const server = await openScratchServer(e2e.embeddedPostgresPort, 'E2E_EMBEDDED_POSTGRES_PORT');
  const database = await createTemporaryDatabase(server.url, 'segmentia_e2e');
  // Staff sign in through Firebase's Auth emulator (tests make their accounts); emails land in the mail catcher.
  const services = await startLocalServices({ authEmulator: AUTH_EMULATOR_PORT, mailSmtp: await freePort(), mailWeb: await freePort() });
  handOff('e2eAuthEmulatorUrl', services.auth!.url);
  handOff('e2eMailUrl', services.mail!.webUrl);
  const app = await createApp(
    loadConfig({
      ...services.apiEnv,
      NODE_ENV: 'test',
      // The emulator's unsigned tokens are taken on loopback only (it listens there).
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      METRICS_PORT: '0',
      SITE_ORIGINS: SITE_URL,
      STAFF_PAGE_URL: `${SITE_URL}/staff/`,
      // The tests send several requests from one address: the form, its challenges and the explorer's queries.
      CONTACT_RATE_LIMIT_PER_MINUTE: '1000',
      CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000',
      QUERY_RATE_LIMIT_PER_MINUTE: '100000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      // A real proof of work, solved by the widget in the browser, but small; the time trap of a second.
      ALTCHA_COST: '50',
      ALTCHA_DIFFICULTY: '1',
      CONTACT_MIN_FILL_SECONDS: '1',
      // Not the default, so the privacy page's figure is seen to come from the API.
      LEAD_RETENTION_MONTHS: String(LEAD_RETENTION_MONTHS),
    }),
    { logs: false },
  );
  await app.listen(API_PORT, '127.0.0.1');
  // A container id, so that the tag manager's script can be seen coming and going (tests answer Google's host themselves).
  // E2E_REUSE_BUILD=1: serve the site already built in site/public (working on tests alone).
  if (!e2e.reuseBuild) {
    const env = {
      SITE_API_URL: API_URL,
      GATSBY_API_URL: API_URL,
      GATSBY_SITE_URL: SITE_URL,
      GATSBY_GTM_ID: 'GTM-TEST123',
      ...services.siteEnv,
      ...FIREBASE_WEB_CONFIG,
      GATSBY_GRAPHQL_IDE_URL: API_URL,
    };
    const result = await buildSite(env, { quiet: true, log: () => undefined });
    console.log(`Site for the tests: ${result}`);
  }
  const site: Server = await serveSite(path.join(REPO_ROOT, 'site/public'), SITE_PORT, '127.0.0.1');
  handOff('e2eDatabaseUrl', database.url);

  return async () => {
    await new Promise((resolve) => site.close(resolve));
    await app.close();
    await services.stop();
    await database.drop();
    await server.stop();
  };
}

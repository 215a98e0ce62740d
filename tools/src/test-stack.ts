/**
 * The whole product for the browser tests and the site's benchmark, as `npm
 * start` runs it but on ports of its own and a database made for the run: the
 * API, the site built against it (the same locked, reusable build as `npm
 * start`), and the site server with its 404s.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { createApp } from '@segmentia/api/src/app';
import { loadConfig } from '@segmentia/api/src/common/config/app-config';
import { createTestIdentity, serveKeySet, TEST_PROJECT_ID } from '@segmentia/testing';
import { createTemporaryDatabase, openScratchServer } from './database/temporary-database';
import { REPO_ROOT } from './paths';
import { buildSite } from './site-build';
import { serveSite } from './site-server';

export { REPO_ROOT };

export const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 8100);
export const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
export const API_URL = `http://127.0.0.1:${API_PORT}/graphql`;
export const LEAD_RETENTION_MONTHS = 18;

/** The Firebase web app the staff page signs in with; tests answer Google's auth hosts themselves. */
export const FIREBASE_WEB_CONFIG = {
  GATSBY_FIREBASE_API_KEY: 'test-api-key',
  GATSBY_FIREBASE_AUTH_DOMAIN: `${TEST_PROJECT_ID}.firebaseapp.com`,
  GATSBY_FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  // Firebase Analytics too, so the security policy is tried with every tag the site can load (fixtures' answerGoogleTags).
  GATSBY_FIREBASE_APP_ID: `1:1234567890:web:${TEST_PROJECT_ID}`,
  GATSBY_FIREBASE_MEASUREMENT_ID: 'G-TEST123456',
};

export async function startStack(): Promise<() => Promise<void>> {
  const server = await openScratchServer(Number(process.env.E2E_EMBEDDED_POSTGRES_PORT ?? 54349));
  const database = await createTemporaryDatabase(server.url, 'segmentia_e2e');
  // Staff sign in with tokens signed by a key of this run (see fixtures' signToken).
  const identity = await createTestIdentity();
  const keySet = await serveKeySet(identity.publicJwk);
  process.env.E2E_IDENTITY_KEY = JSON.stringify(identity.privateJwk);
  const app = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      METRICS_PORT: '0',
      SITE_ORIGINS: SITE_URL,
      // The tests send several requests from one address.
      CONTACT_RATE_LIMIT_PER_MINUTE: '1000',
      // A real proof of work, solved by the widget in the browser, but small; the time trap of a second.
      ALTCHA_COST: '50',
      ALTCHA_MAX_COUNTER: '30',
      CONTACT_MIN_FILL_SECONDS: '1',
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      // Not the default, so the privacy page's figure is seen to come from the API.
      LEAD_RETENTION_MONTHS: String(LEAD_RETENTION_MONTHS),
      FIREBASE_JWKS_URL: keySet.url,
    }),
    { logs: false },
  );
  await app.listen(API_PORT, '127.0.0.1');
  // A container id, so that the tag manager's script can be seen coming and going (tests answer Google's host themselves).
  // E2E_REUSE_BUILD=1: serve the site already built in site/public (working on tests alone).
  if (!process.env.E2E_REUSE_BUILD) {
    const env = {
      SITE_API_URL: API_URL,
      GATSBY_API_URL: API_URL,
      GATSBY_SITE_URL: SITE_URL,
      GATSBY_GTM_ID: 'GTM-TEST123',
      ...FIREBASE_WEB_CONFIG,
    };
    const result = await buildSite(env, { quiet: true, log: () => undefined });
    console.log(`Site for the tests: ${result}`);
  }
  const site: Server = await serveSite(path.join(REPO_ROOT, 'site/public'), SITE_PORT, '127.0.0.1');
  process.env.E2E_DATABASE_URL = database.url;

  return async () => {
    await new Promise((resolve) => site.close(resolve));
    await app.close();
    await keySet.close();
    await database.drop();
    await server.stop();
  };
}

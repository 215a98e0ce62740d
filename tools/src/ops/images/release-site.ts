/**
 * The site a web image ships (the Dockerfile's `site` stage): built as `npm
 * start` builds it, against the API with the seeded catalogue, for the public
 * address the image serves (SITE_URL). For the build's length it runs a
 * PostgreSQL (DATABASE_URL's server, or an embedded one in a temporary
 * folder), a database migrated and seeded for it, and the API in this
 * process; then it stops them. Writes site/public and site/headers; the
 * GATSBY_* settings of the environment are the site's own.
 *   SITE_URL=https://www.segmentia.es node tools/dist/src/ops/images/release-site.js
 */
import { randomBytes } from 'node:crypto';
import { startApp, stopApp } from '@segmentia/api/app';
import { loadConfig } from '@segmentia/api/config';
import { loadToolsConfig } from '../../common/config';
import { createTemporaryDatabase, openScratchServer } from '../../dev/database/temporary-database';
import { freePort } from '../../common/ports';
import { buildSite } from '../../dev/site-build';

async function main(): Promise<void> {
  const siteUrl = publicOrigin(loadToolsConfig().SITE_URL);
  const server = await openScratchServer(await freePort(), 'a free port');
  try {
    const database = await createTemporaryDatabase(server.url, 'site_release');
    try {
      // This API only answers the build's questions; the build itself refuses the example company (release).
      const config = loadConfig({
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        METRICS_PORT: '0',
        PUBLISH_EXAMPLE_COMPANY: 'true',
        // Nobody opts out through it: a key of this build alone, thrown away with it.
        SUPPRESSION_HASH_KEY: randomBytes(32).toString('hex'),
      });
      const app = await startApp(config);
      try {
        await buildSite(
          {
            SITE_API_URL: `http://127.0.0.1:${config.PORT}/graphql`,
            // nginx serves the site and proxies /graphql to the API: one origin for the browser.
            GATSBY_API_URL: `${siteUrl}/graphql`,
            GATSBY_SITE_URL: siteUrl,
          },
          { release: true },
        );
      } finally {
        await stopApp(app, config);
      }
    } finally {
      await database.drop();
    }
  } finally {
    await server.stop();
  }
}

/** SITE_URL as an origin without a trailing slash; an error that names it when it is not an http(s) address. */
export function publicOrigin(value: string | undefined): string {
  const url = URL.canParse(value ?? '') ? new URL(value!) : undefined;
  if (!url || !['https:', 'http:'].includes(url.protocol) || url.pathname !== '/' || url.search) {
    throw new Error(`SITE_URL must be the address the site is served at, such as https://www.segmentia.es (it is "${value ?? ''}").`);
  }
  return url.origin;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

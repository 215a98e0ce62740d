import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { API_URL as BROWSER_API_URL, FIREBASE_CONFIG, SITE_URL } from './src/config/site';
import { BUILD_SETTINGS } from './src/config/build-settings';
import { readFileSync } from 'node:fs';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { coverageAreas, coverageMapSvg } from './build/coverage-map';
import { writeOgImages } from './build/og-image';
import { svgDataUrl } from './build/svg-data-url';
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { type BuiltPage, writeSitemaps } from './build/sitemaps';
import { writeSecurityHeaders } from './build/security-headers';
import { startScriptsAfterFirstPaintIn } from './build/after-first-paint';
import { removeStreamPaddingIn } from './build/stream-padding';
import { precompressIn } from './build/precompress';
import { CompileHintsPlugin } from './build/compile-hints';
import { PAGE_STYLESHEETS, pageStylesheetOf } from './build/page-stylesheets';
import { shortenClassNames } from './build/class-names';
import type { PrivacyFacts } from './src/components/LegalPage';
import { COMPANY, companyProblems } from './src/config/company';
import { consentTextsDigest } from './src/features/consent/consent-texts';

/** This build's id: compiled into the bundle and written to /builds/latest.json, so open tabs notice a new deployment. */
const BUILD_ID = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;

/** Where the build reads countries, topics and figures: the API over GraphQL. */
const API_URL = BUILD_SETTINGS.SITE_API_URL ?? 'http://localhost:4000/graphql';

interface SiteData {
  coverage: { countries: number; topics: number; audiences: number; onlineUsers: number };
  privacy: Omit<PrivacyFacts, 'termsDate'>;
  [localized: string]: unknown;
}

/** The query is in a file of its own: `npm start` sends it too, to tell whether the API's data changed since the last build. */
const SITE_DATA_QUERY = readFileSync(path.join(__dirname, 'site-data.graphql'), 'utf8');

async function fetchSiteData(): Promise<SiteData> {
  const response = await fetch(API_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: SITE_DATA_QUERY }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json()) as { data?: SiteData; errors?: { message: string }[] };
  if (!body.data) throw new Error(body.errors?.map((error) => error.message).join('; ') ?? `HTTP ${response.status}`);
  const missing = LOCALES.filter(({ code }) => !body.data?.[`${code}Countries`] || !body.data[`${code}Topics`]);
  if (missing.length) throw new Error(`site-data.graphql asks for no countries or topics in ${missing.map(({ code }) => code).join(', ')}`);
  return body.data;
}

/** The company's data (GATSBY_COMPANY_*) must be valid before anything is built: the legal notice publishes them. */
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  const problems = companyProblems(COMPANY);
  if (problems.length) reporter.panic(`The company's data are not valid (README, "Company data"):\n- ${problems.join('\n- ')}`);
};

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type SegmentiaCountry implements Node { code: String! name: String! language: String! }
    type SegmentiaTopic implements Node { slug: String! name: String! description: String! icon: String! position: Int! language: String! }
    type SegmentiaCoverage implements Node { countries: Int! topics: Int! audiences: Int! onlineUsers: Float! }
    type SegmentiaPrivacy implements Node {
      leadRetentionMonths: Int! spamRetentionDays: Int! consentRecordRetentionMonths: Int!
      termsVersion: String! webhookProcessor: String! emailProcessor: String! challengeMinutes: Int!
    }
  `);
};

/**
 * Figures and dates as the page's language writes them, formatted here at
 * build time: the first Intl formatter a page creates in the browser loads
 * ICU's data (docs/benchmarks.md), before anything is interactive.
 */
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers }) => {
  createResolvers({
    SegmentiaCoverage: {
      audiencesText: {
        type: 'String!',
        args: { language: 'String!' },
        resolve: (source: { audiences: number }, { language }: { language: string }) =>
          new Intl.NumberFormat(language).format(source.audiences),
      },
    },
    SegmentiaPrivacy: {
      termsDate: {
        type: 'String!',
        args: { language: 'String!' },
        // "1 de noviembre de 2026"
        resolve: (source: SiteData['privacy'], { language }: { language: string }) =>
          new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${source.termsVersion}T00:00:00Z`)),
      },
    },
  });
};

export const sourceNodes: GatsbyNode['sourceNodes'] = async ({ actions, createNodeId, createContentDigest, reporter }) => {
  let data: SiteData;
  try {
    data = await fetchSiteData();
  } catch (error) {
    return reporter.panic(
      `The site is built from the Segmentia API, which could not be reached at ${API_URL} (${(error as Error).message}). ` +
        'Start it with `npm start`, or set SITE_API_URL to a running API.',
    );
  }
  const create = (type: string, id: string, fields: object) =>
    actions.createNode({ ...fields, id: createNodeId(`${type}-${id}`), internal: { type, contentDigest: createContentDigest(fields) } });

  for (const { code } of LOCALES) {
    for (const country of data[`${code}Countries`] as { code: string; name: string }[]) {
      create('SegmentiaCountry', `${code}-${country.code}`, { ...country, language: code });
    }
    (data[`${code}Topics`] as { slug: string }[]).forEach((topic, position) =>
      create('SegmentiaTopic', `${code}-${topic.slug}`, { ...topic, position, language: code }),
    );
  }
  create('SegmentiaCoverage', 'coverage', data.coverage);
  // The covered countries' areas over the map image, each a link that picks the country in the explorer.
  for (const area of coverageAreas((data.esCountries as { code: string }[]).map((country) => country.code)))
    create('SegmentiaMapArea', area.code, area);
  // What the legal pages state comes from the API's own settings (LEAD_RETENTION_MONTHS, SPAM_RETENTION_DAYS, CONSENT_RETENTION_MONTHS,
  // TERMS_VERSION, the processors).
  create('SegmentiaPrivacy', 'privacy', data.privacy);
};

/**
 * gatsby-plugin-react-i18next gives translated 404 pages no match path of
 * their own, so an unknown /en/... URL would render the Spanish 404 in the
 * browser. Each language's 404 answers for its whole prefix.
 */
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  const language = LOCALES.find(({ code }) => code !== DEFAULT_LOCALE && page.path === localizedPath(code, '/404/'))?.code;
  if (!language || page.matchPath === `/${language}/*`) return;
  actions.deletePage(page);
  actions.createPage({ ...page, matchPath: `/${language}/*` });
};

/**
 * gatsby-plugin-react-i18next `require`s i18next (its CommonJS build); an
 * `import` elsewhere would add its ES build too. One copy in the bundle.
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ actions, plugins, stage, getConfig }) => {
  const fromSite = createRequire(path.join(__dirname, 'package.json'));
  actions.setWebpackConfig({
    // The contracts' TypeScript source (webpack tree-shakes its ES modules; Node reads its build).
    resolve: {
      alias: { i18next$: fromSite.resolve('i18next'), '@segmentia/contracts': path.resolve(__dirname, '../packages/contracts/src') },
    },
    plugins: [
      plugins.define({
        'process.env.GATSBY_BUILD_ID': JSON.stringify(BUILD_ID),
        // Part of the consent revision: a changed consent text or cookie row asks visitors again (consent/config.ts).
        'process.env.GATSBY_CONSENT_TEXTS_DIGEST': JSON.stringify(consentTextsDigest()),
        'process.env.GATSBY_FAVICON_URL': JSON.stringify(svgDataUrl(readFileSync(path.join(__dirname, 'static/favicon.svg'), 'utf8'))),
      }),
    ],
  });
  // What a page runs on load is compiled while it streams in, off the main thread (build/compile-hints.ts).
  if (stage === 'build-javascript') actions.setWebpackConfig({ plugins: [new CompileHintsPlugin()] });
  // A built page's CSS module classes are a short hash, not Gatsby's `file--name--hash`, which repeats file names (build/class-names.ts).
  if (stage === 'build-javascript' || stage === 'build-html') shortenClassNames(getConfig().module.rules, __dirname);
  // Gatsby puts every stylesheet into one, inlined into every page; the parts a few pages use go to stylesheets of
  // their own, each inlined into its pages only or loaded with its lazy chunk (build/page-stylesheets.ts).
  const groups = stage === 'build-javascript' ? getConfig().optimization?.splitChunks?.cacheGroups : undefined;
  if (groups?.styles) {
    for (const name of Object.keys(PAGE_STYLESHEETS)) {
      groups[name] = {
        test: (module: { type: string; identifier(): string }) =>
          module.type === 'css/mini-extract' && pageStylesheetOf(module.identifier()) === name,
        name,
        // Above Gatsby's stylesheet of every page (`styles`), which would take the module otherwise.
        priority: 50,
        enforce: true,
      };
    }
  }
};

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql, reporter }) => {
  const result = await graphql<{ allSitePage: { nodes: BuiltPage[] }; allSegmentiaCountry: { nodes: { code: string }[] } }>(
    '{ allSitePage { nodes { path pageContext } } allSegmentiaCountry(filter: { language: { eq: "es" } }) { nodes { code } } }',
  );
  const countries = result.data?.allSegmentiaCountry.nodes.length ?? 0;
  if (!result.data) return reporter.panic('Could not list the built pages and countries');
  const publicDir = path.join(__dirname, 'public');
  await writeSitemaps(publicDir, SITE_URL, result.data.allSitePage.nodes);
  // The map of the covered countries, drawn from public map data: an image, not page data.
  await writeFile(
    path.join(publicDir, 'coverage-map.svg'),
    coverageMapSvg(result.data.allSegmentiaCountry.nodes.map((country) => country.code)),
  );
  // Each language's card for shared links, with the covered countries counted.
  await writeOgImages(publicDir, path.join(__dirname, 'locales'), countries);
  await mkdir(path.join(publicDir, 'builds'), { recursive: true });
  await writeFile(path.join(publicDir, 'builds', 'latest.json'), JSON.stringify({ buildId: BUILD_ID, builtAt: new Date().toISOString() }));
  // Published files only: no source maps; webpack's chunk statistics (what bench:site and a test count) kept beside, in .cache.
  for (const file of await readdir(publicDir)) {
    if (file.endsWith('.map')) await rm(path.join(publicDir, file));
  }
  await rename(path.join(publicDir, 'webpack.stats.json'), path.join(__dirname, '.cache', 'webpack.stats.json'));
  // React's stream leaves NULs where a 2 KB view ends before a multi-byte character (build/stream-padding.ts).
  reporter.info(`NUL padding of React's stream removed from ${await removeStreamPaddingIn(publicDir)} pages`);
  // Every page starts its scripts once painted (the loader's one inline script is hashed below with the others); a page
  // without the markup of Gatsby's that this reads fails the build (build/after-first-paint.ts).
  const afterPaint = await startScriptsAfterFirstPaintIn(publicDir).catch((error: Error) => reporter.panic(error.message));
  reporter.info(
    `Scripts start after the first paint: ${afterPaint.rewritten} pages rewritten, ${afterPaint.kept} kept from the last build`,
  );
  // The security headers of this build (its inline scripts' hashes), for npm start's site server and nginx.
  writeSecurityHeaders(publicDir, path.join(__dirname, 'headers'), {
    apiUrl: BROWSER_API_URL,
    siteUrl: SITE_URL,
    gtmId: BUILD_SETTINGS.GATSBY_GTM_ID || undefined,
    firebase: FIREBASE_CONFIG,
  });
  // Last, once every file is final: each text file compressed once, at brotli's best, for the host to serve as it is.
  reporter.info(`Compressed ${await precompressIn(publicDir)} files (.br)`);
};

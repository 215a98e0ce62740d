/**
 * `npm run bench:site`: Lighthouse 12 (mobile, simulated throttling) on every page kind in every language (home, legal,
 * privacy, cookies, the 404 page) and the staff page, BENCH_RUNS times each (3), the median of each figure in one table;
 * beside a one-page Gatsby site built here with the same Gatsby and React (the baseline) and the same page translated by
 * gatsby-plugin-react-i18next, measured in the same run, since this machine's noise moves all alike: each page's LCP and
 * TBT as ratios of the baseline's, and its verdict against the goals. Then the initial JavaScript by chunk against the
 * baselines', and how long the explorer takes to answer a choice and a search on a warm cache. The stack runs as the
 * browser tests run it. BENCH_PAGES=/,/en/legal/ limits the pages; BENCH_AGAINST=<folder> (a build's site/public and
 * site/headers, copied before a change) measures that build in turn with this one, page by page in the same rounds,
 * printed as "<page> against": one change's effect without the noise between two runs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import express from 'express';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  importOnDemand,
  loadToolsConfig,
  REPO_ROOT,
  serveSite,
  SITE_URL,
  startStack,
} from '@segmentia/tools/test-stack';
import { median, onExit, runBench } from './common.js';
import { explorerInteraction } from './site/explorer.js';
import { benchmarkIndexes, type Figures, type Lighthouse, measureInTurn, verdict } from './site/lighthouse.js';

type ChromeLauncher = {
  launch(options: { chromePath: string; chromeFlags: string[]; handleSIGINT: boolean }): Promise<{ port: number; kill(): void }>;
};

const { bench } = loadToolsConfig();
const RUNS = bench.runs;
// The 404 page at its own address (answered 200): Lighthouse audits no page whose answer is an error.
const PAGES = bench.pages ?? [
  ...['', 'en/', 'de/', 'it/', 'fr/'].flatMap((language) =>
    ['', 'legal/', 'privacy/', 'cookies/', '404/'].map((kind) => `/${language}${kind}`),
  ),
  '/staff/',
];
const BASELINE_PORT = 8199;
const AGAINST_URL = 'http://127.0.0.1:8197';

/** Gatsby's initial chunks, KiB gzip: the app's (runtime, framework, app, shared) and the page component's. */
function chunkSizes(publicDir: string, page: string): Record<string, number> {
  // Our build keeps its stats out of the published folder, in Gatsby's .cache; the baselines' are in public.
  const published = path.join(publicDir, 'webpack.stats.json');
  const statsFile = existsSync(published) ? published : path.join(publicDir, '..', '.cache', 'webpack.stats.json');
  const chunks = (JSON.parse(readFileSync(statsFile, 'utf8')) as { assetsByChunkName: Record<string, string[]> }).assetsByChunkName;
  const files = new Set([...chunks.app!, ...chunks[page]!].filter((file) => file.endsWith('.js')));
  return Object.fromEntries(
    [...files].map((file) => [
      file.replace(/-[0-9a-f]{16,}\.js$/, '').replace(/^component---src-pages-/, 'page '),
      Number((gzipSync(readFileSync(path.join(publicDir, file))).length / 1024).toFixed(1)),
    ]),
  );
}
const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((sum, size) => sum + size, 0);

const BASELINE_PAGE = `import * as React from 'react';
export default function Index() { return <main lang="en"><h1>Hello</h1><p>A one-page Gatsby site.</p></main>; }
export const Head = () => <><html lang="en" /><title>Baseline</title>
  <meta name="description" content="The one-page Gatsby baseline of the benchmark, built with the same Gatsby and React." /></>;
`;
const I18N_CONFIG = `module.exports = { plugins: [
  { resolve: 'gatsby-source-filesystem', options: { name: 'locale', path: __dirname + '/locales' } },
  { resolve: ${JSON.stringify(path.join(REPO_ROOT, 'site/node_modules/gatsby-plugin-react-i18next'))}, options: {
    localeJsonSourceName: 'locale', languages: ['en'], defaultLanguage: 'en', siteUrl: 'http://127.0.0.1', redirect: false,
  } },
] };
`;
const I18N_PAGE = `import * as React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
export default function Index() { const { t } = useTranslation(); return <main lang="en"><h1>{t('title')}</h1><p>{t('text')}</p></main>; }
export const query = graphql\`query ($language: String!) {
  locales: allLocale(filter: { language: { eq: $language } }) { edges { node { ns data language } } }
}\`;
export const Head = () => <><html lang="en" /><title>Baseline</title>
  <meta name="description" content="The one-page Gatsby baseline of the benchmark, translated by gatsby-plugin-react-i18next." /></>;
`;

/**
 * A one-page Gatsby site with the repository's Gatsby and React, or the same page translated by gatsby-plugin-react-
 * i18next as the site uses it (one language, its strings in page data: what the plugin's runtime costs); built in a
 * temporary folder (removed at the end), served on `port`; its initial JavaScript by chunk.
 */
async function baseline(i18n: boolean, port: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-baseline-'));
  onExit(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const version = (name: string) =>
    (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const dependencies = Object.fromEntries(['gatsby', 'react', 'react-dom'].map((name) => [name, version(name)]));
  write('package.json', JSON.stringify({ name: 'baseline', private: true, dependencies }));
  write('gatsby-config.js', i18n ? I18N_CONFIG : 'module.exports = {};\n');
  write('src/pages/index.js', i18n ? I18N_PAGE : BASELINE_PAGE);
  if (i18n) write('locales/en/translation.json', JSON.stringify({ title: 'Hello', text: 'A one-page Gatsby site.' }));
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' };
  const build = promisify(execFile)(path.join(REPO_ROOT, 'node_modules/.bin/gatsby'), ['build'], { cwd: dir, env });
  onExit(() => build.child.kill());
  await build;
  const server = express()
    .use(express.static(path.join(dir, 'public')))
    .listen(port, '127.0.0.1');
  onExit(() => server.close());
  return chunkSizes(path.join(dir, 'public'), 'component---src-pages-index-js');
}

/** The document as served: its weight and that of the CSS inlined in its <head>, KiB before compression. */
async function documentWeight(url: string): Promise<{ 'HTML KiB': number; 'CSS KiB': number }> {
  const html = await (await fetch(url)).text();
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((sum, [, text]) => sum + Buffer.byteLength(text!), 0);
  return { 'HTML KiB': Number((Buffer.byteLength(html) / 1024).toFixed(1)), 'CSS KiB': Number((css / 1024).toFixed(1)) };
}

// Lighthouse and the chrome-launcher it depends on: not dependencies, installed pinned by the first run (common/on-demand.ts).
const { default: lighthouse } = await importOnDemand<{ default: Lighthouse }>('lighthouse', 'lighthouse');
const chromeLauncher = await importOnDemand<ChromeLauncher>('lighthouse', 'chrome-launcher');

runBench(async () => {
  onExit(await startStack());
  // Weighed at once, while the build is the one the stack serves.
  const site = path.join(REPO_ROOT, 'site/public');
  const pageSizes = {
    home: chunkSizes(site, 'component---src-pages-index-tsx'),
    legal: chunkSizes(site, 'component---src-pages-legal-tsx'),
  };
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // A Spanish browser; Lighthouse's agent is a crawler for the site, which never redirects it.
    chromeFlags: ['--headless=new', '--lang=es-ES', '--accept-lang=es-ES', ...CHROMIUM_ARGS],
    // Its own Ctrl-C handler would exit at once, before the stack is stopped: common.ts stops Chrome with the rest.
    handleSIGINT: false,
  });
  onExit(() => chrome.kill());
  console.log('Building the one-page Gatsby baseline, and the same with gatsby-plugin-react-i18next...');
  const baselines = { baseline: await baseline(false, BASELINE_PORT), 'baseline + i18n plugin': await baseline(true, BASELINE_PORT + 1) };
  if (bench.against) {
    const server = await serveSite(path.join(path.resolve(bench.against), 'public'), Number(new URL(AGAINST_URL).port), '127.0.0.1');
    onExit(() => server.close());
  }
  // The baselines first: every page's ratios and verdict are against the plain one. Each group is measured in turn.
  const groups = [
    [
      ['baseline (one-page Gatsby)', `http://127.0.0.1:${BASELINE_PORT}/`],
      ['baseline + i18n plugin', `http://127.0.0.1:${BASELINE_PORT + 1}/`],
    ],
    ...PAGES.map((page) => [[page, `${SITE_URL}${page}`], ...(bench.against ? [[`${page} against`, `${AGAINST_URL}${page}`]] : [])]),
  ];
  const rows: Record<string, Record<string, unknown>> = {};
  let base: Figures | undefined;
  for (const group of groups) {
    const measured = await measureInTurn(
      lighthouse,
      chrome.port,
      RUNS,
      group.map(([, url]) => url!),
    );
    for (const [index, [name, url]] of group.entries()) {
      const { figures, failing, lcpElement, longTasks } = measured[index]!;
      base ??= figures;
      const page = name!.replace(/ against$/, '');
      rows[name!] = {
        ...figures,
        ...(await documentWeight(url!)),
        // The page's figure over the baseline's; for TBT only where the baseline blocks at all (its median is often 0 ms).
        'LCP ×': Number((figures['LCP ms'] / Math.max(base['LCP ms'], 1)).toFixed(2)),
        'TBT ×': base['TBT ms'] >= 10 ? Number((figures['TBT ms'] / base['TBT ms']).toFixed(2)) : '–',
        ...(PAGES.includes(page) && { verdict: verdict(page, figures, failing, base) }),
      };
      if (failing.length) console.log(`${name}: audits below full marks in a run: ${failing.join(', ')}; LCP element ${lcpElement}`);
      if (longTasks !== 'none') console.log(`${name}: long tasks (first run, simulated phone): ${longTasks}`);
    }
  }
  console.log(`\nLighthouse 12.8 mobile, median of ${RUNS} runs per page (× : the page's figure over the baseline's, same run)\n`);
  console.table(rows);
  console.log(
    `Goals, each page against the baseline above: Performance ≥ 98; TBT ≤ 100 ms while the baseline's is ≤ 30 ms (≤ 3 × it otherwise); ` +
      `LCP ≤ FCP + 50 ms; FCP ≤ 1.25 × the baseline's; CLS 0; Accessibility, Best Practices and SEO 100. ` +
      `A document sent in more than 14,600 B (Sent B; TCP's first window) arrives a round trip (150 ms) later on the simulated phone. ` +
      `FCP and LCP are Lighthouse's estimates for that phone; Seen LCP-FCP is the gap the browser showed (the trace, unthrottled). ` +
      `${PAGES.filter((page) => rows[page]!.verdict === 'pass').length} of ${PAGES.length} pages pass.`,
  );
  console.log(
    `This machine's benchmarkIndex (Lighthouse; higher is faster): median ${median(benchmarkIndexes)}, ` +
      `${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)} over ${benchmarkIndexes.length} runs.`,
  );

  const sizes = { ...baselines, ...pageSizes };
  console.log('\nInitial JavaScript, KiB gzip, by chunk (the page component last)');
  console.table(sizes);
  const kib = (value: number) => Number(value.toFixed(1));
  const [plain, i18n] = [total(sizes.baseline), total(sizes['baseline + i18n plugin'])];
  const totals = Object.entries(sizes).map(([name, chunks]) => {
    const size = total(chunks);
    return [name, { KiB: kib(size), 'over the baseline': kib(size - plain), 'over the i18n baseline': kib(size - i18n) }];
  });
  console.table(Object.fromEntries(totals));
  console.log(
    "Goal: a page's initial JavaScript ≤ 25 KiB over the baseline. The i18n baseline's over the baseline is gatsby-plugin-react-" +
      "i18next's runtime (i18next, react-i18next, its page wrapper); a page's over the i18n baseline, the site's own code.",
  );

  const { choiceTimes, searchTimes, longestEvent } = await explorerInteraction(SITE_URL, CHROMIUM_PATH);
  const times = (values: number[]) =>
    `${median(values).toFixed(0)} ms (median), ${Math.max(...values).toFixed(0)} ms at worst (goal ≤ 100)`;
  console.log(`\nExplorer, warm cache: answer shown after a choice (${choiceTimes.length}) ${times(choiceTimes)}`);
  console.log(`Explorer search, warm cache: answer shown after Enter (${searchTimes.length}) ${times(searchTimes)}`);
  console.log(
    `Longest event (Event Timing, as INP counts it): ${longestEvent ? `${longestEvent.toFixed(0)} ms` : 'none of 16 ms or more'}`,
  );
});

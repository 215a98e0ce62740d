/**
 * `npm run bench:site`: for the home page in each language, Lighthouse 12
 * (mobile, simulated throttling) scores and LCP, CLS, TBT, and the page's
 * initial JavaScript gzipped next to that of a one-page Gatsby site built here
 * with the same Gatsby and React (the minimal-starter baseline).
 * Runs the whole stack as the browser tests do (fresh database, API, site).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import stack from '../support/stack.ts';

const { startStack, SITE_URL, REPO_ROOT } = stack as typeof import('../support/stack.ts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANGUAGES = ['', 'en/', 'de/', 'it/', 'fr/'];

/**
 * The JavaScript a page needs before any interaction: Gatsby's app chunk group
 * (runtime, framework, app) and the page component's group, as webpack.stats.json
 * lists them; gzipped. Chunks loaded later on demand (Apollo Client, the contact form) are not included.
 */
function initialJavaScript(publicDir: string, page: string): number {
  // Our build keeps it out of the published folder, in Gatsby's .cache; the baseline's is in public.
  const published = path.join(publicDir, 'webpack.stats.json');
  const statsFile = existsSync(published) ? published : path.join(publicDir, '..', '.cache', 'webpack.stats.json');
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as { assetsByChunkName: Record<string, string[]> };
  const files = new Set([...stats.assetsByChunkName.app!, ...stats.assetsByChunkName[page]!].filter((file) => file.endsWith('.js')));
  return [...files].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(publicDir, file))).length, 0) / 1024;
}

/** A one-page Gatsby site with the repository's Gatsby and React: the baseline. */
function buildBaseline(): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-baseline-'));
  mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const version = (name: string) => (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  const dependencies = Object.fromEntries(['gatsby', 'react', 'react-dom'].map((name) => [name, version(name)]));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'baseline', private: true, dependencies }));
  writeFileSync(path.join(dir, 'gatsby-config.js'), 'module.exports = {};\n');
  writeFileSync(
    path.join(dir, 'src/pages/index.js'),
    "import * as React from 'react';\nexport default function Index() { return <main><h1>Hello</h1></main>; }\nexport const Head = () => <title>Baseline</title>;\n",
  );
  execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/gatsby'), ['build'], { cwd: dir, stdio: 'ignore', env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' } });
  return initialJavaScript(path.join(dir, 'public'), 'component---src-pages-index-js');
}

const stop = await startStack();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  // A Spanish browser: `/` would otherwise (rightly) send it to its language's home.
  chromeFlags: ['--headless=new', '--lang=es-ES', '--accept-lang=es-ES', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  console.log('Building the one-page Gatsby baseline...');
  const baseline = buildBaseline();
  const rows: Record<string, Record<string, string | number>> = {};
  for (const language of LANGUAGES) {
    const url = `${SITE_URL}/${language}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result!.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const js = initialJavaScript(path.join(REPO_ROOT, 'site/public'), 'component---src-pages-index-tsx');
    rows[`/${language}`] = {
      Performance: score('performance'),
      Accessibility: score('accessibility'),
      'Best Practices': score('best-practices'),
      SEO: score('seo'),
      'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      'initial JS KiB gz': Number(js.toFixed(1)),
      'over baseline KiB': Number((js - baseline).toFixed(1)),
    };
    const failing = [...new Set(Object.values(categories).flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id)))];
    if (failing.length) console.log(`/${language}: audits below full marks: ${failing.join(', ')}`);
    // What to fix: the elements behind a failed accessibility, best-practice or SEO audit.
    for (const id of failing.filter((audit) => !categories.performance?.auditRefs.some((ref) => ref.id === audit))) {
      const items = ((audits[id]?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)?.items ?? []).slice(0, 4);
      for (const item of items) console.log(`    ${id}: ${item.node?.snippet ?? JSON.stringify(item).slice(0, 200)} ${item.node?.explanation?.split('\n')[1] ?? ''}`);
    }
  }
  console.log(`\nLighthouse 12.8 mobile, one run per page; one-page Gatsby baseline initial JS: ${baseline.toFixed(1)} KiB gz\n`);
  console.table(rows);
  console.log('Targets: Performance ≥ 95, Accessibility, Best Practices and SEO 100, CLS 0, initial JS ≤ baseline + 25 KiB gz.');
} finally {
  await chrome.kill();
  await stop();
}

/**
 * `npm run bench:site`: for the home page in each language, Lighthouse 12
 * (mobile, simulated throttling) scores and LCP, CLS, TBT, and the page's
 * initial JavaScript gzipped next to that of a one-page Gatsby site built here
 * with the same Gatsby and React (the minimal-starter baseline).
 * Runs the whole stack as the browser tests do (fresh database, API, site).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import stack from '../support/stack.ts';

const { startStack, SITE_URL, REPO_ROOT } = stack as typeof import('../support/stack.ts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANGUAGES = ['', 'en/', 'de/', 'it/', 'fr/'];

/** The scripts a page loads before any interaction (Gatsby puts them all in the HTML), gzipped. */
async function initialJavaScript(html: string, read: (src: string) => Promise<Buffer>): Promise<number> {
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]!);
  const sizes = await Promise.all(sources.map(async (src) => gzipSync(await read(src)).length));
  return sizes.reduce((sum, size) => sum + size, 0) / 1024;
}

/** A one-page Gatsby site with the repository's Gatsby and React: the baseline. */
function buildBaseline(): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-baseline-'));
  mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'baseline', private: true }));
  writeFileSync(path.join(dir, 'gatsby-config.js'), 'module.exports = {};\n');
  writeFileSync(
    path.join(dir, 'src/pages/index.js'),
    "import * as React from 'react';\nexport default function Index() { return <main><h1>Hello</h1></main>; }\nexport const Head = () => <title>Baseline</title>;\n",
  );
  execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/gatsby'), ['build'], { cwd: dir, stdio: 'ignore', env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' } });
  const publicDir = path.join(dir, 'public');
  const html = readFileSync(path.join(publicDir, 'index.html'), 'utf8');
  let total = 0;
  for (const src of [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]!)) {
    total += gzipSync(readFileSync(path.join(publicDir, src))).length;
  }
  return total / 1024;
}

const stop = await startStack();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
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
    const html = await (await fetch(url)).text();
    const js = await initialJavaScript(html, async (src) => Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer()));
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
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id));
    if (failing.length) console.log(`/${language}: audits below full marks: ${[...new Set(failing)].join(', ')}`);
  }
  console.log(`\nLighthouse 12.8 mobile, one run per page; baseline (one-page Gatsby ${'5.16'}, React 18.3) initial JS: ${baseline.toFixed(1)} KiB gz\n`);
  console.table(rows);
  console.log('Targets: Performance ≥ 95, Accessibility, Best Practices and SEO 100, CLS 0, initial JS ≤ baseline + 25 KiB gz.');
} finally {
  await chrome.kill();
  await stop();
}

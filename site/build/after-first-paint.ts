import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALE_CODES, localizedPath } from '@segmentia/contracts/locales';
import { expectMarkup, htmlFiles, pagePath, type RewriteOf } from './built-pages';
import { DEFERRED_STYLESHEET } from './page-stylesheets';
import { usedRules } from './used-rules';

/**
 * Starts the page's scripts once the browser has shown its first content:
 * their URLs are the script's `data-src` (space-separated), and before them
 * the stylesheets (`data-css`, space-separated): the site's whole stylesheet, of
 * which the page holds only the rules its document uses, and the stylesheet of
 * what lies below the first screen. A stylesheet whose inline part the page
 * holds (`<style data-href>`) comes right after it, so the cascade keeps its
 * order; another, at the end of the head. It waits for the
 * first-contentful-paint entry (reported once the frame is on screen, so after
 * the text that is every page's largest paint); a hidden tab (no frames)
 * starts at once, and after 3 s the scripts start whatever happened, as they
 * do in a browser without paint timing (Safari before 14.1). One text for every
 * page, so one hash in the security policy, which every answer carries: it also
 * sets the page's path for Gatsby's runtime (`window.pagePath`, from
 * `data-page-path`) and the build's hash (`data-compilation-hash`), which
 * Gatsby writes in inline scripts of their own, one per page. The scripts run
 * in their order (not `async`): the first is Gatsby's chunk mapping, a file of
 * its own rather than a part of every page.
 */
export const AFTER_FIRST_PAINT_SNIPPET =
  "(function(t){var p=t.getAttribute('data-page-path'),h=t.getAttribute('data-compilation-hash');" +
  'if(p!==null)window.pagePath=p;if(h!==null)window.___webpackCompilationHash=h;' +
  "var c=t.getAttribute('data-css'),s=t.getAttribute('data-src').split(' '),n=0,go=function(){if(n++)return;" +
  "if(c)c.split(' ').forEach(function(u){var l=document.createElement('link'),o=document.querySelector('style[data-href=\"'+u+'\"]');" +
  "l.rel='stylesheet';l.href=u;if(o)o.parentNode.insertBefore(l,o.nextSibling);else document.head.appendChild(l)});" +
  "s.forEach(function(u){var e=document.createElement('script');e.src=u;e.async=false;document.body.appendChild(e)})};" +
  "setTimeout(go,3000);if(document.visibilityState==='hidden')return setTimeout(go,0);" +
  'try{new PerformanceObserver(function(l){l.getEntries().forEach(function(p){' +
  "if(p.name==='first-contentful-paint')setTimeout(go,0)})}).observe({type:'paint',buffered:true})}catch(e){}" +
  '})(document.currentScript)';

/** Gatsby's script tags at the end of a page's body: the runtime, the framework and the app, each `async`. */
const ASYNC_SCRIPTS = /(?:<script src="\/[^"\s]+\.js" async(?:="")?><\/script>)+/;

/** The site's own stylesheet as Gatsby inlines it into every page: its address, attributes and rules. */
const SITE_STYLE = /<style data-href="(\/styles\.[0-9a-f]+\.css)"([^>]*)>([\s\S]*?)<\/style>/;

/** The deferred stylesheet (build/page-stylesheets.ts) as Gatsby inlines it. */
const DEFERRED_STYLE = new RegExp(`<style data-href="(/${DEFERRED_STYLESHEET}\\.[0-9a-f]+\\.css)"[^>]*>[\\s\\S]*?</style>`);

/** Gatsby's inline script that names the page's path. */
const PAGE_PATH_SCRIPT =
  /<script id="gatsby-script-loader">(?:\/\*<!\[CDATA\[\*\/)?window\.pagePath="([^"<]*)";(?:\/\*\]\]>\*\/)?<\/script>/;

/** Gatsby's inline scripts that name the build (its hash) and map its chunks to files (the same on every page). */
const COMPILATION_HASH_SCRIPT = /<script>window\.___webpackCompilationHash="([0-9a-f]+)";<\/script>/;
const CHUNK_MAPPING_SCRIPT = /\s*<script\s+id="gatsby-chunk-mapping"\s*>\s*([\s\S]*?)\s*<\/script>\s*/;

/**
 * The pages that hold the deferred stylesheet, and the only ones: the home pages, whose sections below the first
 * screen it styles. A home page without it, or another page with it, fails the build.
 */
export const DEFERRED_STYLESHEET_PAGES: ReadonlySet<string> = new Set(LOCALE_CODES.map((code) => localizedPath(code, '/')));

/** The rewrite's name in a build error. */
const REWRITE = 'the scripts after the first paint (site/build/after-first-paint.ts)';

/** Gatsby's chunk mapping script, and the file that holds it, named by its content (hashed files are cached for good). */
export interface ChunkMapping {
  file: string;
  script: string;
}

const chunkMappingOf = (script: string): ChunkMapping => ({
  file: `/chunk-mapping-${createHash('sha256').update(script).digest('hex').slice(0, 20)}.js`,
  script,
});

/** The deferred stylesheet where the page is one of DEFERRED_STYLESHEET_PAGES; none, and none allowed, on any other. */
function deferredStyleOf(html: string, where: RewriteOf): RegExpExecArray | undefined {
  if (DEFERRED_STYLESHEET_PAGES.has(where.page)) {
    return expectMarkup(html, DEFERRED_STYLE, `the deferred stylesheet (${DEFERRED_STYLESHEET}) of a home page`, where);
  }
  if (DEFERRED_STYLE.test(html)) {
    throw new Error(`${where.page}: ${where.rewrite} found the deferred stylesheet (${DEFERRED_STYLESHEET}), which only home pages hold`);
  }
  return undefined;
}

/**
 * A built page whose scripts start after its first paint: Gatsby's `async`
 * script tags replaced by the snippet, which inserts the same scripts (async
 * too, as inserted scripts are) from the frame after the first paint. Nothing
 * the page needs to be painted waits on them, and no byte of JavaScript
 * competes with the HTML, the font and the first paint for the network.
 * The page keeps only the rules of the site's stylesheet that its document
 * uses (build/used-rules.ts); the whole stylesheet comes first. The chunk
 * mapping the page no longer holds comes beside it, for its file to be
 * written. Every piece of Gatsby's markup the rewrite reads must be in the
 * page (`page` is its address): a page without one fails the build.
 */
export function startScriptsAfterFirstPaint(html: string, page: string): { html: string; chunkMapping: ChunkMapping } {
  const where = { page, rewrite: REWRITE };
  const scripts = expectMarkup(html, ASYNC_SCRIPTS, "Gatsby's async script tags", where)[0];
  const chunkMapping = chunkMappingOf(expectMarkup(html, CHUNK_MAPPING_SCRIPT, "Gatsby's chunk mapping script", where)[1]!);
  const pagePath = expectMarkup(html, PAGE_PATH_SCRIPT, "Gatsby's script that names the page's path", where)[1]!;
  const compilationHash = expectMarkup(html, COMPILATION_HASH_SCRIPT, "Gatsby's script that names the build's hash", where)[1]!;
  const [siteStyle, site, siteAttributes, siteRules] = expectMarkup(html, SITE_STYLE, "the site's stylesheet, inlined", where);
  const deferred = deferredStyleOf(html, where);
  const sources = [chunkMapping.file, ...[...scripts.matchAll(/src="([^"]+)"/g)].map((match) => match[1])];
  const loader =
    `<script data-page-path="${pagePath}" data-compilation-hash="${compilationHash}"` +
    ` data-css="${[site, deferred?.[1]].filter(Boolean).join(' ')}" data-src="${sources.join(' ')}">${AFTER_FIRST_PAINT_SNIPPET}</script>`;
  const used = `<style data-href="${site}"${siteAttributes}>${usedRules(siteRules!, html.replace(siteStyle, ''))}</style>`;
  const rewritten = html
    .replace(siteStyle, () => used)
    .replace(PAGE_PATH_SCRIPT, '')
    .replace(COMPILATION_HASH_SCRIPT, '')
    .replace(CHUNK_MAPPING_SCRIPT, '')
    .replace(scripts, () => loader);
  return {
    // Without scripts, the deferred stylesheet comes with the page.
    html: deferred ? rewritten.replace(deferred[0], () => `<noscript><link rel="stylesheet" href="${deferred[1]}"></noscript>`) : rewritten,
    chunkMapping,
  };
}

/**
 * Whether a page already starts its scripts after its first paint: Gatsby renders again only the pages whose data or
 * template changed, and keeps the others in the public folder as the last build left them, rewritten.
 */
export const startsAfterFirstPaint = (html: string) => html.includes(`${AFTER_FIRST_PAINT_SNIPPET}</script>`);

/**
 * Rewrites every built page (.html) under `publicDir` so that its scripts start after its first paint, and writes the
 * chunk mapping's file they start with (once: every page of a build has the same). A page the last build rewrote and
 * Gatsby kept is left as it is; any other must hold what the rewrite reads, or the build fails. Answers how many pages
 * it rewrote, and how many it found rewritten.
 */
export async function startScriptsAfterFirstPaintIn(publicDir: string): Promise<{ rewritten: number; kept: number }> {
  const chunkMappings = new Map<string, string>();
  const counts = { rewritten: 0, kept: 0 };
  for (const file of htmlFiles(publicDir)) {
    const html = await readFile(file, 'utf8');
    if (startsAfterFirstPaint(html)) {
      counts.kept++;
      continue;
    }
    const changed = startScriptsAfterFirstPaint(html, pagePath(publicDir, file));
    chunkMappings.set(changed.chunkMapping.file, changed.chunkMapping.script);
    await writeFile(file, changed.html);
    counts.rewritten++;
  }
  for (const [file, script] of chunkMappings) await writeFile(path.join(publicDir, file), script);
  return counts;
}

import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlFiles } from '../security/headers';
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
 * page, so one hash in the security policy; it also sets the page's path for
 * Gatsby's runtime (`window.pagePath`, from `data-page-path`), which Gatsby
 * writes in an inline script of its own per page: 35 more hashes in the
 * policy, sent in the headers of every answer (2.4 KB); and the build's hash
 * (`data-compilation-hash`), in another. The scripts run in their order (not
 * `async`): the first is Gatsby's chunk mapping, a file of its own rather than
 * a kilobyte of every page.
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

/** The deferred stylesheet (features/loading/page-stylesheets.ts) as Gatsby inlines it. */
const DEFERRED_STYLE = new RegExp(`<style data-href="(/${DEFERRED_STYLESHEET}\\.[0-9a-f]+\\.css)"[^>]*>[\\s\\S]*?</style>`);

/** Gatsby's inline script that names the page's path. */
const PAGE_PATH_SCRIPT =
  /<script id="gatsby-script-loader">(?:\/\*<!\[CDATA\[\*\/)?window\.pagePath="([^"<]*)";(?:\/\*\]\]>\*\/)?<\/script>/;

/** Gatsby's inline scripts that name the build (its hash) and map its chunks to files (the same on every page). */
const COMPILATION_HASH_SCRIPT = /<script>window\.___webpackCompilationHash="([0-9a-f]+)";<\/script>/;
const CHUNK_MAPPING_SCRIPT = /\s*<script\s+id="gatsby-chunk-mapping"\s*>\s*([\s\S]*?)\s*<\/script>\s*/;

/** Gatsby's chunk mapping script, and the file that holds it, named by its content (hashed files are cached for good). */
export interface ChunkMapping {
  file: string;
  script: string;
}

function chunkMappingOf(html: string): ChunkMapping | undefined {
  const script = CHUNK_MAPPING_SCRIPT.exec(html)?.[1];
  return script === undefined
    ? undefined
    : { file: `/chunk-mapping-${createHash('sha256').update(script).digest('hex').slice(0, 20)}.js`, script };
}

/**
 * A built page whose scripts start after its first paint: Gatsby's `async`
 * script tags replaced by the snippet, which inserts the same scripts (async
 * too, as inserted scripts are) from the frame after the first paint. Nothing
 * the page needs to be painted waits on them, and no byte of JavaScript
 * competes with the HTML, the font and the first paint for the network.
 * The page keeps only the rules of the site's stylesheet that its document
 * uses (features/loading/used-rules.ts); the whole stylesheet comes first.
 * A page without those tags is returned as it is. The chunk mapping the
 * page no longer holds comes beside it, for its file to be written.
 */
export function startScriptsAfterFirstPaint(html: string): { html: string; chunkMapping?: ChunkMapping } {
  const found = ASYNC_SCRIPTS.exec(html);
  if (!found) return { html };
  const chunkMapping = chunkMappingOf(html);
  const sources = [chunkMapping?.file, ...[...found[0].matchAll(/src="([^"]+)"/g)].map((match) => match[1])].filter(Boolean);
  const pagePath = PAGE_PATH_SCRIPT.exec(html)?.[1];
  const compilationHash = COMPILATION_HASH_SCRIPT.exec(html)?.[1];
  const site = SITE_STYLE.exec(html);
  const deferred = DEFERRED_STYLE.exec(html)?.[1];
  const stylesheets = [site?.[1], deferred].filter(Boolean);
  const attributes =
    (pagePath === undefined ? '' : ` data-page-path="${pagePath}"`) +
    (compilationHash === undefined ? '' : ` data-compilation-hash="${compilationHash}"`) +
    (stylesheets.length ? ` data-css="${stylesheets.join(' ')}"` : '') +
    ` data-src="${sources.join(' ')}"`;
  const used = site && `<style data-href="${site[1]}"${site[2]}>${usedRules(site[3]!, html.replace(site[0], ''))}</style>`;
  return {
    html: (used ? html.replace(site[0], () => used) : html)
      .replace(PAGE_PATH_SCRIPT, '')
      .replace(COMPILATION_HASH_SCRIPT, '')
      .replace(CHUNK_MAPPING_SCRIPT, '')
      // Without scripts, the stylesheet comes with the page.
      .replace(DEFERRED_STYLE, `<noscript><link rel="stylesheet" href="${deferred}"></noscript>`)
      .replace(found[0], `<script${attributes}>${AFTER_FIRST_PAINT_SNIPPET}</script>`),
    chunkMapping,
  };
}

/**
 * Rewrites every built page (.html) under `publicDir` so that its scripts start after its first paint, and writes
 * the chunk mapping's file they start with (once: every page of a build has the same); answers how many pages it
 * rewrote.
 */
export async function startScriptsAfterFirstPaintIn(publicDir: string): Promise<number> {
  const chunkMappings = new Map<string, string>();
  let rewritten = 0;
  for (const file of htmlFiles(publicDir)) {
    const html = await readFile(file, 'utf8');
    const changed = startScriptsAfterFirstPaint(html);
    if (changed.html === html) continue;
    if (changed.chunkMapping) chunkMappings.set(changed.chunkMapping.file, changed.chunkMapping.script);
    await writeFile(file, changed.html);
    rewritten++;
  }
  for (const [file, script] of chunkMappings) await writeFile(path.join(publicDir, file), script);
  return rewritten;
}

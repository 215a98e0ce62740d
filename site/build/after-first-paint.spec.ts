import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AFTER_FIRST_PAINT_SNIPPET, startScriptsAfterFirstPaint, startScriptsAfterFirstPaintIn } from './after-first-paint';

/** The site's stylesheet as Gatsby inlines it into every page's head. */
const SITE_STYLE =
  '<style data-href="/styles.9f8e.css" data-identity="gatsby-global-css">.lead{color:red}.toast{color:blue}' +
  '@media (min-width:900px){.toast{top:0}}</style>';
/** The home page's stylesheet of what lies below its first screen, inlined by Gatsby too. */
const DEFERRED_STYLE = '<style data-href="/home-later-styles.0a1b2c.css" data-identity="gatsby-global-css">.grid{gap:8px}</style>';

/** What Gatsby writes at the end of a page's body, each piece in its own form: the page's path, in a CDATA comment… */
const PAGE_PATH = (page: string) => `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="${page}";/*]]>*/</script>`;
/** …its chunk mapping and the build's hash… */
const GATSBY_SCRIPTS =
  '<!-- slice-start id="_gatsby-scripts-1" -->\n  <script\n    id="gatsby-chunk-mapping"\n  >\n' +
  '    window.___chunkMapping="{}";\n  </script>\n<script>window.___webpackCompilationHash="afe329a8651a3dd79198";</script>';
/** …and its scripts. */
const ASYNC_SCRIPTS =
  '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>' +
  '<script src="/app-3.js" async=""></script><!-- slice-end id="_gatsby-scripts-1" -->';

/** A built page as Gatsby writes it, at `page`; a home page holds the deferred stylesheet. */
function gatsbyPage(page: string, { head = SITE_STYLE, body = '<p class="lead">Hi</p>' } = {}): string {
  const deferred = /^\/(?:[a-z]{2}\/)?$/.test(page) ? DEFERRED_STYLE : '';
  const end = `${PAGE_PATH(page)}${GATSBY_SCRIPTS}${ASYNC_SCRIPTS}`;
  return `<html><head>${head}${deferred}</head><body><div id="___gatsby">${body}</div>${end}</body></html>`;
}

describe('the rewrite that starts the scripts after the first paint', () => {
  it("replaces Gatsby's scripts, path and build hash with the loader, which carries them, its chunk mapping a file first", () => {
    const { html, chunkMapping } = startScriptsAfterFirstPaint(gatsbyPage('/en/legal/'), '/en/legal/');
    expect(html).not.toMatch(/<script[^>]* async/);
    expect(html).not.toContain('gatsby-script-loader');
    expect(html).not.toContain('___chunkMapping');
    expect(html).not.toContain('<script>window.___webpackCompilationHash');
    expect(chunkMapping.script).toBe('window.___chunkMapping="{}";');
    expect(chunkMapping.file).toMatch(/^\/chunk-mapping-[0-9a-f]{20}\.js$/);
    expect(html).toContain(
      '<div id="___gatsby"><p class="lead">Hi</p></div><!-- slice-start id="_gatsby-scripts-1" -->' +
        '<script data-page-path="/en/legal/" data-compilation-hash="afe329a8651a3dd79198" data-css="/styles.9f8e.css" ' +
        `data-src="${chunkMapping.file} /webpack-runtime-1.js /framework-2.js /app-3.js">${AFTER_FIRST_PAINT_SNIPPET}</script>` +
        '<!-- slice-end id="_gatsby-scripts-1" --></body></html>',
    );
  });

  it("keeps of the site's stylesheet the rules the page uses; the loader adds the whole of it", () => {
    const { html } = startScriptsAfterFirstPaint(gatsbyPage('/en/legal/'), '/en/legal/');
    expect(html).toContain('<head><style data-href="/styles.9f8e.css" data-identity="gatsby-global-css">.lead{color:red}</style></head>');
  });

  it('leaves the deferred stylesheet of a home page to the loader, and to a noscript link without scripts', () => {
    const { html } = startScriptsAfterFirstPaint(gatsbyPage('/en/'), '/en/');
    expect(html).not.toContain('.grid{gap:8px}');
    expect(html).toContain('<noscript><link rel="stylesheet" href="/home-later-styles.0a1b2c.css"></noscript></head>');
    expect(html).toContain(' data-css="/styles.9f8e.css /home-later-styles.0a1b2c.css" data-src=');
  });

  it('fails, naming the page, the rewrite and what it expected, where a piece of Gatsby’s markup is missing', () => {
    const page = gatsbyPage('/en/legal/');
    const without = (piece: string) => () => startScriptsAfterFirstPaint(page.replace(piece, ''), '/en/legal/');
    const failure = (expected: string) =>
      new RegExp(`^/en/legal/: the scripts after the first paint \\(site/build/after-first-paint\\.ts\\) expected ${expected} \\(`);
    expect(without(ASYNC_SCRIPTS)).toThrow(failure("Gatsby's async script tags"));
    expect(without(GATSBY_SCRIPTS)).toThrow(failure("Gatsby's chunk mapping script"));
    expect(without(PAGE_PATH('/en/legal/'))).toThrow(failure("Gatsby's script that names the page's path"));
    expect(without('<script>window.___webpackCompilationHash="afe329a8651a3dd79198";</script>')).toThrow(
      failure("Gatsby's script that names the build's hash"),
    );
    expect(without(SITE_STYLE)).toThrow(failure("the site's stylesheet, inlined"));
    // A Gatsby that wrote `defer` rather than `async` would leave every page as it is: it fails instead.
    expect(() => startScriptsAfterFirstPaint(page.replaceAll(' async', ' defer'), '/en/legal/')).toThrow(
      failure("Gatsby's async script tags"),
    );
  });

  it('expects the deferred stylesheet on the home pages, and on no other page', () => {
    const home = gatsbyPage('/de/');
    expect(() => startScriptsAfterFirstPaint(home.replace(DEFERRED_STYLE, ''), '/de/')).toThrow(
      /^\/de\/: .* expected the deferred stylesheet \(home-later-styles\) of a home page/,
    );
    expect(() => startScriptsAfterFirstPaint(gatsbyPage('/de/legal/', { head: SITE_STYLE + DEFERRED_STYLE }), '/de/legal/')).toThrow(
      /^\/de\/legal\/: .* found the deferred stylesheet \(home-later-styles\), which only home pages hold/,
    );
    expect(startScriptsAfterFirstPaint(gatsbyPage('/404.html'), '/404.html').html).not.toContain('noscript');
  });

  it('rewrites every built page, in folders too, and leaves a page the last build rewrote as it is', async () => {
    const publicDir = await mkdtemp(path.join(os.tmpdir(), 'after-paint-'));
    await mkdir(path.join(publicDir, 'en', 'legal'), { recursive: true });
    await writeFile(path.join(publicDir, 'index.html'), gatsbyPage('/'));
    await writeFile(path.join(publicDir, 'en', 'legal', 'index.html'), gatsbyPage('/en/legal/'));
    await writeFile(path.join(publicDir, '404.html'), gatsbyPage('/404.html'));
    await writeFile(path.join(publicDir, 'app-3.js'), 'console.log("<script src=\\"/x.js\\" async></script>")');
    // Gatsby's slice of its scripts, stitched into every page as it builds them: a fragment, not a page.
    await mkdir(path.join(publicDir, '_gatsby', 'slices'), { recursive: true });
    await writeFile(path.join(publicDir, '_gatsby', 'slices', '_gatsby-scripts-1.html'), GATSBY_SCRIPTS + ASYNC_SCRIPTS);
    expect(await startScriptsAfterFirstPaintIn(publicDir)).toEqual({ rewritten: 3, kept: 0 });
    expect(await readFile(path.join(publicDir, '_gatsby', 'slices', '_gatsby-scripts-1.html'), 'utf8')).toBe(
      GATSBY_SCRIPTS + ASYNC_SCRIPTS,
    );
    const legal = await readFile(path.join(publicDir, 'en', 'legal', 'index.html'), 'utf8');
    expect(legal).toContain(' /webpack-runtime-1.js /framework-2.js /app-3.js"');
    expect(await readFile(path.join(publicDir, 'index.html'), 'utf8')).toContain('home-later-styles.0a1b2c.css"></noscript>');
    const chunkMapping = /data-src="(\/chunk-mapping-[0-9a-f]{20}\.js) /.exec(legal)![1]!;
    expect(await readFile(path.join(publicDir, chunkMapping), 'utf8')).toBe('window.___chunkMapping="{}";');
    expect(await readFile(path.join(publicDir, 'app-3.js'), 'utf8')).toContain('async');
    // Gatsby renders again only the pages whose data or template changed: the others are as the last build left them.
    await writeFile(path.join(publicDir, '404.html'), gatsbyPage('/404.html'));
    expect(await startScriptsAfterFirstPaintIn(publicDir)).toEqual({ rewritten: 1, kept: 2 });
    expect(await readFile(path.join(publicDir, 'en', 'legal', 'index.html'), 'utf8')).toBe(legal);
  });

  it('fails the build on the first page that has neither Gatsby’s scripts nor the loader, by its address', async () => {
    const publicDir = await mkdtemp(path.join(os.tmpdir(), 'after-paint-'));
    await mkdir(path.join(publicDir, 'en', 'legal'), { recursive: true });
    await writeFile(path.join(publicDir, 'index.html'), gatsbyPage('/'));
    await writeFile(path.join(publicDir, 'en', 'legal', 'index.html'), gatsbyPage('/en/legal/').replace(ASYNC_SCRIPTS, ''));
    await expect(startScriptsAfterFirstPaintIn(publicDir)).rejects.toThrow(/^\/en\/legal\/: .* expected Gatsby's async script tags/);
  });
});

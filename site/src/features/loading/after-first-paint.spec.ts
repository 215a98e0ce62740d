import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { AFTER_FIRST_PAINT_SNIPPET, startScriptsAfterFirstPaint, startScriptsAfterFirstPaintIn } from './after-first-paint';

const GATSBY_END =
  '<script id="gatsby-script-loader">window.pagePath="/";</script><script src="/webpack-runtime-1.js" ' +
  'async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script></body></html>';

/** Gatsby's build hash and chunk mapping, in its own form, before its scripts. */
const GATSBY_SCRIPTS =
  '<!-- slice-start id="_gatsby-scripts-1" -->\n  <script\n    id="gatsby-chunk-mapping"\n  >\n' +
  '    window.___chunkMapping="{}";\n  </script>\n<script>window.___webpackCompilationHash="afe329a8651a3dd79198";</script>';

type Timer = { run: () => void; delay: number };

/** Runs the snippet in a pretend page (with or without paint timing): which scripts it inserted, and what it waits for. */
function run(visibility: 'visible' | 'hidden', paintTiming = true, css: string | null = null) {
  const inserted: string[] = [];
  const inOrder: boolean[] = [];
  const timers: Timer[] = [];
  let paints: ((list: { getEntries(): { name: string }[] }) => void) | undefined;
  const document = {
    visibilityState: visibility,
    currentScript: {
      getAttribute: (name: string) =>
        ({
          'data-src': '/webpack-runtime-1.js /framework-2.js /app-3.js',
          'data-page-path': '/en/404/',
          'data-compilation-hash': 'afe3',
          'data-css': css,
        })[name] ?? null,
    },
    // Inserted scripts are async unless told otherwise.
    createElement: () => ({ src: '', href: '', rel: '', async: true }),
    body: {
      appendChild: (element: { src: string; async: boolean }) => {
        inserted.push(element.src);
        inOrder.push(!element.async);
      },
    },
    head: { appendChild: (element: { rel: string; href: string }) => inserted.push(`${element.rel} ${element.href}`) },
    // The page holds the site stylesheet's used rules inline, as `<style data-href="/styles.9f8e.css">`.
    querySelector: (selector: string) =>
      selector === 'style[data-href="/styles.9f8e.css"]'
        ? {
            nextSibling: 'the next style',
            parentNode: {
              insertBefore: (element: { rel: string; href: string }, before: string) =>
                inserted.push(`${element.rel} ${element.href} before ${before}`),
            },
          }
        : null,
  };
  class PerformanceObserver {
    constructor(callback: typeof paints) {
      paints = callback;
    }
    observe() {}
  }
  const window: { pagePath?: string; ___webpackCompilationHash?: string } = {};
  runInNewContext(AFTER_FIRST_PAINT_SNIPPET, {
    document,
    window,
    // A browser without paint timing has no PerformanceObserver here (one without the 'paint' type never reports it).
    ...(paintTiming && { PerformanceObserver }),
    setTimeout: (run: () => void, delay: number) => timers.push({ run, delay }),
  });
  /** Runs the timers due at once (delay 0), as the event loop would; the 3 s fallback stays pending. */
  const flush = () => timers.splice(0).forEach((timer) => (timer.delay === 0 ? timer.run() : timers.push(timer)));
  return { inserted, inOrder, timers, flush, window, paint: (name: string) => paints?.({ getEntries: () => [{ name }] }) };
}

describe('scripts that start after the first paint', () => {
  it("replace Gatsby's async script tags and its page path's inline script with the loader, which carries the path", () => {
    const { html } = startScriptsAfterFirstPaint(`<html><body><div id="___gatsby"></div>${GATSBY_END}`);
    expect(html).not.toMatch(/<script[^>]* async/);
    expect(html).not.toContain('gatsby-script-loader');
    expect(html).toContain(
      '<div id="___gatsby"></div><script data-page-path="/" data-src="/webpack-runtime-1.js /framework-2.js /app-3.js">',
    );
    // Gatsby's own form, in a CDATA comment.
    expect(
      startScriptsAfterFirstPaint(GATSBY_END.replace('window.pagePath="/";', '/*<![CDATA[*/window.pagePath="/en/404/";/*]]>*/')).html,
    ).toMatch(/^<script data-page-path="\/en\/404\/" data-src=/);
    expect(html).toContain(`${AFTER_FIRST_PAINT_SNIPPET}</script></body></html>`);
    expect(startScriptsAfterFirstPaint(html)).toEqual({ html });
    expect(startScriptsAfterFirstPaint('<html><body>static</body></html>')).toEqual({ html: '<html><body>static</body></html>' });
  });

  it("fold Gatsby's build hash into the loader, and its chunk mapping into a file of its own, the first script", () => {
    const { html, chunkMapping } = startScriptsAfterFirstPaint(`<html><body><div id="___gatsby"></div>${GATSBY_SCRIPTS}${GATSBY_END}`);
    expect(html).not.toContain('___chunkMapping');
    expect(chunkMapping?.script).toBe('window.___chunkMapping="{}";');
    expect(html).toContain(` data-src="${chunkMapping?.file} /webpack-runtime-1.js `);
    expect(html).not.toContain('<script>window.___webpackCompilationHash');
    expect(html).toContain('<script data-page-path="/" data-compilation-hash="afe329a8651a3dd79198" data-src="/chunk-mapping-');
    expect(html).toMatch(/ data-src="\/chunk-mapping-[0-9a-f]{20}\.js \/webpack-runtime-1\.js /);
  });

  it('leave the stylesheet of what lies below the first screen to the loader, and to a noscript link without scripts', () => {
    const style = '<style data-href="/home-later-styles.0a1b2c.css" data-identity="gatsby-global-css">.grid{gap:8px}</style>';
    const { html } = startScriptsAfterFirstPaint(`<html><head>${style}</head><body>${GATSBY_END}`);
    expect(html).not.toContain('.grid{gap:8px}');
    expect(html).toContain('<head><noscript><link rel="stylesheet" href="/home-later-styles.0a1b2c.css"></noscript></head>');
    expect(html).toContain('<script data-page-path="/" data-css="/home-later-styles.0a1b2c.css" data-src=');

    const page = run('visible', true, '/home-later-styles.0a1b2c.css');
    page.paint('first-contentful-paint');
    page.flush();
    expect(page.inserted).toEqual(['stylesheet /home-later-styles.0a1b2c.css', '/webpack-runtime-1.js', '/framework-2.js', '/app-3.js']);
  });

  it("keep of the site's stylesheet the rules the page uses, and have the loader add the whole of it in its place", () => {
    const site =
      '<style data-href="/styles.9f8e.css" data-identity="gatsby-global-css">.lead{color:red}.toast{color:blue}' +
      '@media (min-width:900px){.toast{top:0}}</style>';
    const later = '<style data-href="/home-later-styles.0a1b2c.css" data-identity="gatsby-global-css">.grid{gap:8px}</style>';
    const { html } = startScriptsAfterFirstPaint(`<html><head>${site}${later}</head><body><p class="lead">Hi</p>${GATSBY_END}`);
    expect(html).toContain('<style data-href="/styles.9f8e.css" data-identity="gatsby-global-css">.lead{color:red}</style>');
    expect(html).toContain('<script data-page-path="/" data-css="/styles.9f8e.css /home-later-styles.0a1b2c.css" data-src=');

    const page = run('visible', true, '/styles.9f8e.css /home-later-styles.0a1b2c.css');
    page.paint('first-contentful-paint');
    page.flush();
    expect(page.inserted).toEqual([
      'stylesheet /styles.9f8e.css before the next style',
      'stylesheet /home-later-styles.0a1b2c.css',
      '/webpack-runtime-1.js',
      '/framework-2.js',
      '/app-3.js',
    ]);
  });

  it('insert them once the first content is on screen, once', () => {
    const page = run('visible');
    page.paint('first-paint');
    page.flush();
    expect(page.inserted).toEqual([]);
    page.paint('first-contentful-paint');
    page.flush();
    expect(page.inserted).toEqual(['/webpack-runtime-1.js', '/framework-2.js', '/app-3.js']);
    // They run in that order (the chunk mapping first, where there is one).
    expect(page.inOrder).toEqual([true, true, true]);
    // The page's path and the build's hash were set for Gatsby's runtime before any of them.
    expect(page.window.pagePath).toBe('/en/404/');
    expect(page.window.___webpackCompilationHash).toBe('afe3');
    // The 3 s fallback finds them started.
    page.timers.forEach((timer) => timer.run());
    expect(page.inserted).toHaveLength(3);
  });

  it('in a hidden tab insert them at once; after 3 s whatever happened, as without paint timing', () => {
    const old = run('visible', false);
    old.flush();
    expect(old.inserted).toEqual([]);
    expect(old.timers.map((timer) => timer.delay)).toEqual([3000]);
    old.timers[0]!.run();
    expect(old.inserted).toHaveLength(3);

    const hidden = run('hidden');
    hidden.flush();
    expect(hidden.inserted).toHaveLength(3);

    const stuck = run('visible');
    expect(stuck.timers.map((timer) => timer.delay)).toEqual([3000]);
    stuck.timers[0]!.run();
    expect(stuck.inserted).toHaveLength(3);
  });

  it('rewrite every built page, in folders too', async () => {
    const publicDir = await mkdtemp(path.join(os.tmpdir(), 'after-paint-'));
    await mkdir(path.join(publicDir, 'en', 'legal'), { recursive: true });
    await writeFile(path.join(publicDir, 'index.html'), `<html><body>${GATSBY_END}`);
    await writeFile(path.join(publicDir, 'en', 'legal', 'index.html'), `<html><body>${GATSBY_SCRIPTS}${GATSBY_END}`);
    await writeFile(path.join(publicDir, 'app-3.js'), 'console.log("<script src=\\"/x.js\\" async></script>")');
    expect(await startScriptsAfterFirstPaintIn(publicDir)).toBe(2);
    const legal = await readFile(path.join(publicDir, 'en', 'legal', 'index.html'), 'utf8');
    expect(legal).toContain(' /webpack-runtime-1.js /framework-2.js /app-3.js"');
    const chunkMapping = /data-src="(\/chunk-mapping-[0-9a-f]{20}\.js) /.exec(legal)![1]!;
    expect(await readFile(path.join(publicDir, chunkMapping), 'utf8')).toBe('window.___chunkMapping="{}";');
    expect(await readFile(path.join(publicDir, 'app-3.js'), 'utf8')).toContain('async');
  });
});

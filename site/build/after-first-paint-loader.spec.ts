import { runInNewContext } from 'node:vm';
import { AFTER_FIRST_PAINT_SNIPPET } from './after-first-paint';

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

describe('the loader that starts the scripts after the first paint', () => {
  it("inserts the stylesheets first: the site's whole one right after its inline part, the deferred one at the head's end", () => {
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

  it('inserts them once the first content is on screen, once', () => {
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

  it('in a hidden tab inserts them at once; after 3 s whatever happened, as without paint timing', () => {
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
});

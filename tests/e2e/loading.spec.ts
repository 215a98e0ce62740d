import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
import { REPO_ROOT } from '@segmentia/tools/test-stack';
import { DESKTOP, LOCALES, openPage, PHONE } from '../support/fixtures';

for (const path of ['/', '/en/legal/']) {
  test(`${path} asks for no script and no picture before its first contentful paint, then hydrates`, async ({ page }) => {
    await openPage(page, path);
    // The home page's map is requested too, once its stylesheet is in (after the paint).
    if (path === '/') {
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName(`${location.origin}/coverage-map.svg`).length)).toBe(1);
    }
    const timing = await page.evaluate(() => {
      const ours = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).origin === location.origin) as PerformanceResourceTiming[];
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: ours.filter((entry) => entry.initiatorType === 'script').map((entry) => entry.startTime),
        pictures: ours
          .filter((entry) => /\.(?:svg|png|jpe?g|webp|avif)$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...timing.scripts, ...timing.pictures)).toBeGreaterThanOrEqual(timing.paint!);
    // Nor one made from the page's own stylesheets (a data: URL is one too): Chrome makes each SVG picture as a
    // document of its own, on the main thread, before the paint. Only fonts are named there.
    const drawn = await page
      .locator('head style')
      .evaluateAll((styles) =>
        styles.flatMap((style) =>
          Array.from((style as HTMLStyleElement).sheet!.cssRules, (rule) => rule.cssText).filter(
            (text) => text.includes('url(') && !text.startsWith('@font-face'),
          ),
        ),
      );
    expect(drawn).toEqual([]);
    // What runs on load is compiled while it streams in, off the main thread (site/build/compile-hints.ts).
    const hinted = await page.evaluate(() =>
      Promise.all(
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && /^\/(?:webpack-runtime|framework|app|component---)/.test(url.pathname))
          .map(async (url) => [url.pathname.replace(/-[0-9a-f]+\.js$/, ''), (await (await fetch(url)).text()).split('\n', 1)[0]]),
      ),
    );
    expect(hinted.map(([name]) => name).sort()).toEqual(
      [
        '/app',
        '/framework',
        '/webpack-runtime',
        path === '/' ? '/component---src-pages-index-tsx' : '/component---src-pages-legal-tsx',
      ].sort(),
    );
    expect(new Set(hinted.map(([, first]) => first))).toEqual(new Set(['//# allFunctionsCalledOnLoad']));
    // The page's HTML names its scripts for the loader only: no script tag of Gatsby's is left to fetch them earlier.
    await expect(page.locator('script[async][src]')).toHaveCount(0);
  });
}

/** Whether Chrome renders the element now: false while it lies in a section skipped off screen (content-visibility: auto). */
const rendered = (element: Locator) => element.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));

test('the contact section is styled and laid out once the visitor nears it, its icons then requested, each a file of its own', async ({
  page,
}) => {
  await openPage(page, '/');
  // Off screen, Chrome skips a section's subtree (content-visibility: auto): no style, no layout, no icon drawn.
  const form = page.locator('#contact form');
  expect(await rendered(form)).toBe(false);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect.poll(() => rendered(form)).toBe(true);
  const icons = () =>
    page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/static/icons/')).length);
  await expect.poll(icons).toBeGreaterThanOrEqual(3);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px, each home section is held off screen at about its height: End shows the footer at once`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const { prefix } of LOCALES) {
      await openPage(page, `${prefix}/`);
      // With the sections' own rules, loaded after the first paint: a section rendered before they come is unstyled,
      // and grows when they do (a visitor quicker than a stylesheet sees the footer pushed down).
      const styled = () =>
        page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet));
      await expect.poll(styled).toBe(true);
      // Before any scroll: a section grown or shrunk as the keyboard's scroll passes it moves the end of the page away.
      // The visitor's End goes to the page they last clicked (after a navigation, Chrome may scroll nothing otherwise).
      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press('End');
      // Now and then Chrome scrolls nothing on a new page's first End: the visitor presses it again. A page that grew
      // after it scrolled is not pressed again, and fails below.
      const scrolled = () => page.evaluate(() => window.scrollY > 0);
      const moved = await expect
        .poll(scrolled, { timeout: 2000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        );
      if (!moved) await page.keyboard.press('End');
      await expect(page.locator('footer'), `${prefix}/`).toBeInViewport();
      for (const section of await page.locator('main section.section').all()) {
        await section.scrollIntoViewIfNeeded();
        await expect.poll(() => rendered(section)).toBe(true);
        await page.waitForLoadState('networkidle');
        // The placeholder's height is its content's, inside the section's padding.
        const { id, held, height } = await section.evaluate((node) => {
          const style = getComputedStyle(node);
          return {
            id: node.id,
            held: parseFloat(style.containIntrinsicHeight.replace('auto', '')),
            height: node.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
          };
        });
        // Never shorter: a checker that lays a skipped section out (axe-core) finds its content inside it, not over the next.
        const message = `${prefix}/#${id}: held at ${held} px, its content ${Math.round(height)} px`;
        expect(held, message).toBeGreaterThanOrEqual(height);
        expect(held, message).toBeLessThanOrEqual(height * 1.5);
      }
    }
    await context.close();
  });
}

test('each page inlines the site’s stylesheet, then its own: the home page its first screen’s (the rest after the paint)', async ({
  page,
}) => {
  const stylesheets = () =>
    page
      .locator('head style[data-href]')
      .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')!.replace(/\.[0-9a-f]+\.css$/, '')));
  const links = () => page.locator('head link[rel="stylesheet"]').evaluateAll((all) => all.map((link) => link.getAttribute('href')));
  await openPage(page, '/de/legal/');
  expect(await stylesheets()).toEqual(['/styles']);
  // Of the site's stylesheet the page holds the rules its document uses; the whole of it comes after the first
  // paint, right after that part.
  const site = await page.evaluate(() => {
    const inline = document.querySelector<HTMLStyleElement>('head style[data-href^="/styles."]')!;
    const whole = inline.nextElementSibling as HTMLLinkElement;
    return {
      href: inline.dataset.href,
      next: whole.getAttribute('href'),
      rules: [inline.sheet!.cssRules.length, whole.sheet?.cssRules.length],
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      fetched: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(inline.dataset.href!))?.startTime,
    };
  });
  expect(site.next).toBe(site.href);
  expect(site.rules[0]).toBeLessThan(site.rules[1]!);
  expect(site.fetched).toBeGreaterThanOrEqual(site.paint);
  // The cookie settings' stylesheet comes with the dialog's code, before the dialog shows, and not before it opens.
  expect(await links()).toEqual([site.href]);
  await page.locator('[data-consent-control]').click();
  await expect(page.getByRole('dialog')).toHaveCSS('border-radius', /^[1-9]/);
  expect(await links()).toEqual([
    site.href,
    expect.stringMatching(/^\/dialogs-styles\.[0-9a-f]+\.css$/),
    expect.stringMatching(/^\/consent-settings-styles\.[0-9a-f]+\.css$/),
  ]);
  // The cookies page: its table's, and the privacy centre's link (as on the privacy page).
  await openPage(page, '/de/cookies/');
  expect(await stylesheets()).toEqual(['/styles', '/cookies-styles', '/privacy-center-styles']);
  await openPage(page, '/de/');
  expect(await stylesheets()).toEqual(['/styles', '/forms-styles', '/home-styles']);
  // The sections below the first screen: their stylesheet is fetched once the page is painted, with the scripts.
  const later = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    links: Array.from(document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')).map((link) => new URL(link.href).pathname),
    fetched: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/home-later-styles.'))?.startTime,
  }));
  expect(later.links).toEqual([
    expect.stringMatching(/^\/styles\.[0-9a-f]+\.css$/),
    expect.stringMatching(/^\/home-later-styles\.[0-9a-f]+\.css$/),
  ]);
  expect(later.fetched).toBeGreaterThanOrEqual(later.paint);
  await expect(page.locator('#categories ul')).toHaveCSS('display', 'grid');
  await openPage(page, '/staff/');
  expect(await stylesheets()).toEqual(['/styles', '/forms-styles', '/dialogs-styles', '/staff-styles']);
});

for (const width of [360, 1440]) {
  test(`at ${width} px, every page kind's first screen is painted as with the site's whole stylesheet`, async ({ browser }) => {
    test.setTimeout(120_000);
    // As first painted: the served document and its inline rules, before any script; then with the whole sheet where the loader puts it.
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const screen = () => page.screenshot({ animations: 'disabled', caret: 'hide' });
    for (const path of ['/', '/en/', '/de/legal/', '/fr/privacy/', '/it/cookies/', '/en/no-such-page/', '/staff/']) {
      await page.goto(path);
      const firstPaint = await screen();
      const inlineRules = await page.evaluate(() => {
        const inline = document.querySelector<HTMLStyleElement>('head style[data-href^="/styles."]')!;
        const whole = document.createElement('link');
        whole.rel = 'stylesheet';
        whole.href = inline.dataset.href!;
        inline.after(whole);
        return inline.sheet!.cssRules.length;
      });
      // Without scripts no load event reaches the page: the sheet is read until it has its rules.
      const wholeRules = () =>
        page.evaluate(() => document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]')?.sheet?.cssRules.length ?? 0);
      await expect.poll(wholeRules, { message: `${path}: a part of the rules inline` }).toBeGreaterThan(inlineRules);
      expect(Buffer.compare(firstPaint, await screen()), `${path} at ${width} px`).toBe(0);
    }
    await context.close();
  });
}

test('the legal texts and the cookie table are never hydrated; reached client-side they render', async ({ page }) => {
  const heldByReact = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
  // A legal text and the cookie table are the server's; the button below the table is hydrated.
  await openPage(page, '/en/cookies/');
  expect(await heldByReact('article h1')).toBe(false);
  expect(await heldByReact('article section h2')).toBe(false);
  expect(await heldByReact('article table caption')).toBe(false);
  expect(await heldByReact('article button.button')).toBe(true);
  // Another language's cookies page, client-side: its own text and table, rendered by React.
  await page.evaluate(() => (window as unknown as { ___navigate(path: string): void }).___navigate('/de/cookies/'));
  await expect(page.locator('article h1')).toHaveText('Cookie-Richtlinie');
  expect(await heldByReact('article h1')).toBe(true);
  expect(await heldByReact('article table caption')).toBe(true);

  // The home page's first screen hydrates with the page; the map's country links are React's, drawn over it.
  await openPage(page, '/en/');
  expect(await heldByReact('#hero-title')).toBe(true);
  await expect(page.locator('#audiences svg a')).toHaveCount(27);
  expect(await heldByReact('#audiences svg a')).toBe(true);
});

test('every letter of every page, its data and every locale file is in the Latin subset of Inter the pages use', async ({ request }) => {
  const head = await (await request.get('/en/')).text();
  expect([...head.matchAll(/@font-face\{[^}]*src:url\(([^)]+)\)/g)].map(([, file]) => file)).toEqual([
    expect.stringMatching(/^\/static\/inter-latin-wght-normal-[0-9a-f]+\.woff2$/),
  ]);
  // The letters that file holds, as Fontsource names its subset.
  const subsets = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/@fontsource-variable/inter/unicode.json'), 'utf8')) as {
    latin: string;
  };
  const ranges = subsets.latin.split(',').map((part) => {
    const [from, to = from] = part
      .replace('U+', '')
      .split('-')
      .map((code) => parseInt(code!, 16));
    return [from!, to!] as const;
  });
  const files = (folder: string, pattern: RegExp) =>
    readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => join(folder, file))
      .filter((file) => pattern.test(file) && statSync(join(REPO_ROOT, file)).isFile());
  const outside = new Map<string, string>();
  for (const file of [...files('site/public', /(\.html|page-data\.json)$/), ...files('site/locales', /\.json$/)]) {
    // Not the code: the letters a visitor can be shown.
    const text = readFileSync(join(REPO_ROOT, file), 'utf8').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
    for (const letter of text) {
      const code = letter.codePointAt(0)!;
      if (!ranges.some(([from, to]) => code >= from && code <= to)) outside.set(`U+${code.toString(16)} ${letter}`, file);
    }
  }
  expect(Object.fromEntries(outside)).toEqual({});
});

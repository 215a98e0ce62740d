/**
 * Every built page's text as a visitor reads it, in every language: each page of `/sitemap.xml` and the
 * per-language sitemaps, the page a data link opens, the staff page and the 404, with the cookie bar shown. Its
 * visible text (every section scrolled into view and hydrated, the explorer's table loaded), its title and meta
 * description, and the labels a screen reader or a tooltip shows must hold no unfilled placeholder, no translation
 * key in place of its text and no `$t(`.
 */
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { jsonFilesIn, leftovers, vocabularyOf } from '@segmentia/testing';
import { REPO_ROOT } from '@segmentia/tools/test-stack';
import { openPage } from '../support/fixtures';

test.use({ storageState: { cookies: [], origins: [] } });

/** The site's locale files, the API's email texts and the audience catalogue the explorer shows. */
const VOCABULARY = vocabularyOf(
  jsonFilesIn(...['site/locales', 'api/src/notifications/locales', 'api/prisma/seed/catalog'].map((dir) => path.join(REPO_ROOT, dir))),
);

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location]) => new URL(location!).pathname);

/** The text of the page as shown: the body's rendered text, the head's title and description, and shown labels. */
async function shownTexts(page: Page): Promise<{ body: string; title: string; description: string; labels: string }> {
  return page.evaluate(() => ({
    body: document.body.innerText,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    labels: Array.from(document.querySelectorAll('[aria-label], [alt], [placeholder], [title]'))
      .flatMap((element) => ['aria-label', 'alt', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''))
      .join('\n'),
  }));
}

/** Scrolls the whole page down, so that every section hydrates and the explorer asks for its audiences. */
async function readToTheEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let top = 0; top < document.body.scrollHeight; top += window.innerHeight / 2) {
      window.scrollTo(0, top);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForLoadState('networkidle');
}

for (const { code } of LOCALES) {
  test(`every page in ${code} reads without a placeholder, a key or $t(`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const sitemap = await request.get(localizedPath(code, '/sitemap.xml'));
    expect(sitemap.ok()).toBe(true);
    const paths = [
      ...locations(await sitemap.text()),
      localizedPath(code, '/privacy-center/my-data/'),
      localizedPath(code, '/staff/'),
      localizedPath(code, '/no-such-page/'),
    ];
    // The sitemap lists the five public pages of the language: home, legal notice, privacy, cookies, privacy center.
    expect(paths.filter((pagePath) => pagePath.startsWith(localizedPath(code, '/')))).toHaveLength(8);
    const found: Record<string, Record<string, string[]>> = {};
    for (const pagePath of paths) {
      await openPage(page, pagePath);
      await readToTheEnd(page);
      const texts = await shownTexts(page);
      expect(texts.body.length, `${pagePath} shows text`).toBeGreaterThan(200);
      for (const [part, text] of Object.entries(texts)) {
        const wrong = leftovers(text, VOCABULARY);
        if (wrong.length) (found[pagePath] ??= {})[part] = wrong;
      }
    }
    expect(found).toEqual({});
  });
}

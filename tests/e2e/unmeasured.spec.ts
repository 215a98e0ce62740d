/**
 * The privacy centre is not measured (the privacy policy says so): with every cookie accepted, none of its pages, in
 * any language, loads a tag, sends a request to Google or puts an event in the data layer, whether the visitor opens
 * it directly or comes from a page where the tags run; back on a public page, they run again.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { decidedCookies } from '../support/consent';
import { answerGoogleTags, LOCALES, openPage } from '../support/fixtures';
import { SITE_URL } from '@segmentia/tools/test-stack';

test.use({
  storageState: { cookies: decidedCookies('consent~language~analytics~tag-manager', new URL(SITE_URL).hostname), origins: [] },
});

const TAGS = 'script[data-consent-script], script[src*="googletagmanager.com"]';
/** The data layer's events (Consent Mode commands and Tag Manager's own are not the site's events). */
const events = (page: Page) =>
  page.evaluate(
    () =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
        (entry) =>
          !!entry && typeof entry === 'object' && 'event' in entry && !String((entry as { event: string }).event).startsWith('gtm.'),
      ).length,
  );

/** Scrolls to the end and back, clicks the page: what a measured page would report (scroll depth, engagement). */
async function readAndClick(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.locator('h1').click();
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

test('no page of the privacy centre, in any language, runs a tag or measures anything, even with every cookie accepted', async ({
  page,
}) => {
  const google: string[] = [];
  await answerGoogleTags(page);
  page.on('request', (request) => /google/.test(new URL(request.url()).hostname) && google.push(request.url()));
  for (const { prefix } of LOCALES) {
    for (const path of [`${prefix}/privacy-center/`, `${prefix}/privacy-center/my-data/`]) {
      await openPage(page, path);
      await readAndClick(page);
      await page.waitForLoadState('networkidle');
      expect({ path, tags: await page.locator(TAGS).count(), events: await events(page) }).toEqual({ path, tags: 0, events: 0 });
    }
  }
  expect(google).toEqual([]);
});

test('coming from a measured page, the privacy centre opens as a new document, without the tags; leaving it, they run again', async ({
  page,
}) => {
  await answerGoogleTags(page);
  await openPage(page, '/en/privacy/');
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  // The measured page's own calls to Google (the tag, Analytics' configuration) are done before it is left.
  await page.waitForLoadState('networkidle');
  const google: string[] = [];
  const fromTheCentre = (request: Request) => new URL(request.frame().url()).pathname.startsWith('/en/privacy-center/');
  page.on('request', (request) => /google/.test(new URL(request.url()).hostname) && fromTheCentre(request) && google.push(request.url()));
  // The callout under the policy is a client-side link: the page loads in full all the same (a new window object).
  await page.evaluate(() => Object.assign(window, { beforeTheCentre: true }));
  await page.locator('main a[data-nav="privacy-center"]').click();
  await page.waitForURL('**/en/privacy-center/', { waitUntil: 'commit' });
  // The address changes before the new document replaces the old one (whose html is hydrated already): until it does.
  await expect.poll(() => page.evaluate(() => 'beforeTheCentre' in window).catch(() => true)).toBe(false);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await readAndClick(page);
  await page.waitForLoadState('networkidle');
  expect({ tags: await page.locator(TAGS).count(), events: await events(page), google }).toEqual({ tags: 0, events: 0, google: [] });
  await page.goBack();
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
});

/**
 * Judged by tools nobody here wrote, on every page of every sitemap and the
 * 404 page of each language: the Nu Html Checker (vnu-jar) on each document
 * as served (the same whether or not the cookie bar was answered: the pages
 * are static), and axe-core (WCAG 2.2 AA tags) at 360 and 1440 px, before
 * the cookie bar is answered (the page as it loads, without interaction),
 * with the security policy's violations. The live document is not given to the Nu checker: Gatsby's
 * runtime adds `<link rel="prefetch" as="fetch">` hints for the pages linked,
 * which it flags (`as` belongs to preload), and which no visitor sees.
 */
import { expect, type APIRequestContext, test } from '@playwright/test';
import { LOCALES } from '@segmentia/contracts/locales';
import { axeViolations, WCAG_22_AA } from '../support/axe';
import { nuErrors } from '../support/nu-checker';
import { answerGoogleTags, DESKTOP, openPage, PHONE } from '../support/fixtures';
import { policyViolations, recordPolicyViolations } from '../support/security-policy';

const VIEWPORTS = [PHONE, DESKTOP];
const NOT_FOUND = LOCALES.map(({ code }) => `${code === 'es' ? '' : `/${code}`}/no-such-page/`);

test.use({ storageState: { cookies: [], origins: [] } });

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, location]) => location!);

/** Every page the sitemaps list (their paths), and each language's 404. */
async function pagePaths(request: APIRequestContext): Promise<string[]> {
  const sitemaps = locations(await (await request.get('/sitemap-index.xml')).text());
  const pages = (await Promise.all(sitemaps.map(async (sitemap) => locations(await (await request.get(new URL(sitemap).pathname)).text()))))
    .flat()
    .map((page) => new URL(page).pathname);
  return [...new Set(pages)].sort().concat(NOT_FOUND);
}

test('the Nu Html Checker finds no error in any page as served', async ({ request }) => {
  const served: Record<string, string> = {};
  for (const pagePath of await pagePaths(request)) served[pagePath] = await (await request.get(pagePath)).text();
  expect(Object.keys(served).length).toBeGreaterThanOrEqual(LOCALES.length * 5);
  expect(await nuErrors(served)).toEqual({});
});

// The page as a first visit loads it, the cookie bar unanswered; with every cookie accepted, fit.spec.ts sweeps them.
for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width} px, before the cookie bar is answered: axe and the security policy find nothing on any page`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await answerGoogleTags(page);
    await recordPolicyViolations(page);
    await page.setViewportSize(viewport);
    const bar = page.locator('section[aria-labelledby="consent-bar-title"]');
    const found: Record<string, string[]> = {};
    for (const pagePath of await pagePaths(request)) {
      // As the page loads: no scroll, no click (sections below the fold not hydrated yet).
      await openPage(page, pagePath);
      await expect(bar).toHaveCount(1);
      const problems = [...(await axeViolations(page, WCAG_22_AA)), ...(await policyViolations(page))];
      if (problems.length) found[pagePath] = problems;
    }
    expect(found).toEqual({});
  });
}

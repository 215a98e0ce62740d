/**
 * The privacy centre's data page shows a person's requests and holds the link's token (security review 2, L18): with
 * every cookie accepted and a test container answered, its document in every language runs no consent tool and no
 * tag, asks nothing of Google, and its security policy names no tag host; its footer still opens the cookie
 * settings, on the cookies page.
 */
import { expect, test } from '@playwright/test';
import { SITE_URL } from '@segmentia/tools/test-stack';
import { decidedCookies } from '../support/consent';
import { answerGoogleTags, LOCALES, openPage } from '../support/fixtures';

test.use({
  storageState: { cookies: decidedCookies('consent~language~analytics~tag-manager', new URL(SITE_URL).hostname), origins: [] },
});

const TAG_HOSTS = /googletagmanager|google-analytics|analytics\.google|firebase/;

test('in every language: no consent tool, no tag, no request to Google, a policy that names no tag host', async ({ page }) => {
  await answerGoogleTags(page);
  const google: string[] = [];
  page.on('request', (request) => /google/.test(new URL(request.url()).hostname) && google.push(request.url()));
  for (const { prefix } of LOCALES) {
    const path = `${prefix}/privacy-center/my-data/`;
    await openPage(page, path);
    await page.waitForLoadState('networkidle');
    const policy = (await page.request.get(path)).headers()['content-security-policy'];
    expect({ path, tagHost: TAG_HOSTS.test(policy ?? 'missing') }).toEqual({ path, tagHost: false });
    await expect(page.locator('[data-consent-control], #consent-bar-title')).toHaveCount(0);
    await expect(page.locator('script[data-consent-script], script[src*="googletagmanager.com"]')).toHaveCount(0);
  }
  expect(google).toEqual([]);
  // The public pages' policy does name it: what the data page's leaves out.
  expect((await page.request.get('/en/')).headers()['content-security-policy']).toMatch(/googletagmanager/);
});

test('its footer opens the cookie settings, on the cookies page', async ({ page }) => {
  await openPage(page, '/en/privacy-center/my-data/');
  await page.locator('footer [data-nav="cookie-settings"]').click();
  await page.waitForURL('**/en/cookies/#cookie-settings');
  await expect(page.getByRole('dialog')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { answerGoogleTags, openPage } from '../support/fixtures';
import { policyViolations, recordPolicyViolations } from '../support/security-policy';

/*
 * Every page of every language is visited under the security policy by the sweeps that also run axe: before the
 * cookie bar is answered (validity.spec.ts) and with every cookie accepted, Tag Manager and Firebase loaded
 * (fit.spec.ts); each fails on any violation the policy reports.
 */

// A first visit: the cookie bar is there to be answered.
test.use({ storageState: { cookies: [], origins: [] } });

test('accepting every cookie loads Tag Manager and Firebase Analytics, and the security policy refuses none of it', async ({ page }) => {
  const answered = await answerGoogleTags(page);
  await recordPolicyViolations(page);
  await openPage(page, '/en/');
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  // Firebase Analytics has started: its installation and config answered, and gtag.js added for its measurement id.
  await expect(page.locator('script[src*="googletagmanager.com/gtag/js"][src*="G-TEST123456"]')).toHaveCount(1);
  expect(answered).toEqual(
    expect.arrayContaining([
      expect.stringContaining('firebaseinstallations.googleapis.com'),
      expect.stringMatching(/firebase\.googleapis\.com\/.*\/webConfig/),
    ]),
  );
  expect(await policyViolations(page)).toEqual([]);
});

test('every answer carries the headers: pages, files and the 404', async ({ request }) => {
  for (const path of ['/', '/de/no-such-page/', '/favicon.svg', '/sitemap.xml']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy'], path).toBe('same-origin');
  }
});

test.describe('the staff page', () => {
  test(
    'runs no tag: after accepting every cookie on a public page, it is ' + 'a new document with no tag script, no Google request, no event',
    async ({ page }) => {
      const answered = await answerGoogleTags(page);
      await recordPolicyViolations(page);
      await openPage(page, '/en/');
      await page.getByRole('button', { name: 'Accept all' }).click();
      await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
      // The public page's own tags have all started (Firebase Analytics adds gtag.js last) and are quiet: what follows is the staff page's.
      await expect(page.locator('script[src*="googletagmanager.com/gtag/js"]')).toHaveCount(1);
      await expect.poll(() => answered.filter((url) => /firebase(installations)?\.googleapis\.com|gtag\/js/.test(url)).length).toBe(3);

      const google: string[] = [];
      page.on('request', (request) => {
        if (/google|gstatic/.test(new URL(request.url()).hostname)) google.push(request.url());
      });
      // A client-side navigation to it becomes a full page load. The router changes the address in the public
      // document before that load begins, so only the new document's own load event says the staff page is here.
      await page.evaluate(() => Object.assign(window, { __publicDocument: true }));
      const staffDocument = page.waitForEvent('load');
      await page.evaluate(() => (window as unknown as { ___navigate(to: string): void }).___navigate('/en/staff/'));
      await staffDocument;
      expect(page.url()).toMatch(/\/en\/staff\/$/);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => 'publicDocument' in window || '__publicDocument' in window)).toBe(false);
      await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Your privacy' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
      // Only Consent Mode's defaults, written in <head> before anything: no page view, no event.
      expect(
        await page.evaluate(() => (window as unknown as { dataLayer: unknown[][] }).dataLayer.map((entry) => Array.from(entry)[0])),
      ).toEqual(['consent']);
      expect(google).toEqual([]);
      expect(await policyViolations(page)).toEqual([]);

      const headers = (await page.request.get('/en/staff/')).headers();
      expect(headers['content-security-policy']).not.toMatch(/googletagmanager|google-analytics/);
      expect((await page.request.get('/en/')).headers()['content-security-policy']).toMatch(/googletagmanager/);
    },
  );
});

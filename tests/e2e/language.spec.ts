import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openPage, recordNavigations, requestedNavigations } from '../support/fixtures';
import { REPO_ROOT } from '@segmentia/tools/test-stack';

test.describe('language menu', () => {
  test('shows the current language, lists the other four, closes on Escape and on an outside click', async ({ page }) => {
    await openPage(page, '/legal/');
    const button = page.getByRole('button', { name: /Idioma: Español/ });
    await button.click();
    const menu = page.locator('header nav').first().getByRole('list');
    await expect(menu.getByRole('link')).toHaveText(['English', 'Deutsch', 'Italiano', 'Français']);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await page.mouse.click(10, 600);
    await expect(menu).toBeHidden();
  });

  test('works with the keyboard alone, keeps the page and remembers the choice in the cookie', async ({ page, context }) => {
    await openPage(page, '/legal/');
    await page.getByRole('button', { name: /Idioma: Español/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Deutsch' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/de\/legal\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum und Nutzungsbedingungen');
    // The head as the site's scripts leave it (routes.spec.ts reads it as served).
    await expect(page).toHaveTitle('Impressum und Nutzungsbedingungen | Segmentia');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/legal\/$/);
    const cookie = (await context.cookies()).find((item) => item.name === 'lang');
    expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });
});

test.describe('the visit to /', () => {
  /** Console errors and uncaught errors of the page (React's #421 was one). */
  const errorsOf = (page: Page) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    return errors;
  };

  test(
    'is sent by the server, with a 302 before anything is painted, to ' +
      'the language of the cookie; back from a page of the site it stays',
    async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: 'it', url: baseURL! }]);
      await recordNavigations(page);
      const errors = errorsOf(page);
      const answers: string[] = [];
      page.on(
        'response',
        (response) => response.request().isNavigationRequest() && answers.push(`${response.status()} ${new URL(response.url()).pathname}`),
      );
      await openPage(page, '/');
      await expect(page).toHaveURL(/\/it\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
      expect(answers).toEqual(['302 /', '200 /it/']);
      // No client-side navigation: the Italian page is the first one the browser paints.
      expect(await requestedNavigations(page)).toEqual([]);
      // From a page of the site, `/` is the Spanish home the visitor asked for.
      await page.goto('/', { referer: `${baseURL}/it/` });
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
    },
  );

  test('is sent to the browser language when there is no cookie, the query and the fragment kept', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const errors = errorsOf(page);
    await openPage(page, '/?country=ES#explorer');
    await expect(page).toHaveURL(/\/de\/\?country=ES#explorer$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('stays Spanish for a Spanish browser, and for a crawler whatever its language', async ({ browser }) => {
    for (const options of [
      { locale: 'es-ES' },
      { locale: 'de-DE', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await recordNavigations(page);
      const response = await page.goto('/');
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      expect(response!.status()).toBe(200);
      expect(response!.headers().vary).toContain('Cookie, Accept-Language');
      expect(await requestedNavigations(page)).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
      await context.close();
    }
  });

  test("on a static host that cannot decide, the head's script sends it before the Spanish page is painted, once per session", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    // A plain static host: `/` is the file, whoever asks.
    await page.route(
      (url) => url.pathname === '/',
      (route) => route.fulfill({ path: path.join(REPO_ROOT, 'site/public/index.html'), contentType: 'text/html' }),
    );
    await recordNavigations(page);
    const errors = errorsOf(page);
    await openPage(page, '/');
    await expect(page).toHaveURL(/\/fr\/$/);
    expect(await requestedNavigations(page)).toEqual([]);
    // The Spanish page never started: the script ran first in its <head>.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    // Once per session: `/` again (typed, no referrer) stays Spanish.
    await openPage(page, '/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a prefixed page is never redirected, whatever the cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
    await recordNavigations(page);
    await openPage(page, '/en/privacy/');
    expect(await requestedNavigations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/en/privacy/');
  });
});

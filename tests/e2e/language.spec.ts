import { expect, test } from '@playwright/test';
import { openPage, recordNavigations, requestedNavigations } from '../support/fixtures';

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
    const cookie = (await context.cookies()).find((item) => item.name === 'lang');
    expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax' });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });
});

test.describe('the visit to /', () => {
  test('is sent once to the language of the cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'it', url: baseURL! }]);
    await recordNavigations(page);
    await openPage(page, '/');
    await expect(page).toHaveURL(/\/it\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    expect(await requestedNavigations(page)).toEqual(['/it/']);
    // Once: coming back to / in the same session stays in Spanish. Hydrated, the page has made its language
    // choice (the layout runs it before it sets the marker), and asked for no navigation.
    await openPage(page, '/');
    expect(await requestedNavigations(page)).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('is sent to the browser language when there is no cookie', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await openPage(page, '/?country=ES#explorer');
    await expect(page).toHaveURL(/\/de\/\?country=ES#explorer$/);
    await context.close();
  });

  test('stays Spanish for a Spanish browser, and for a crawler whatever its language', async ({ browser }) => {
    for (const options of [{ locale: 'es-ES' }, { locale: 'de-DE', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await recordNavigations(page);
      // Hydrated: the language choice has run (before the marker is set), and asked for no navigation.
      await openPage(page, '/');
      expect(await requestedNavigations(page)).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
      await context.close();
    }
  });

  test('a prefixed page is never redirected, whatever the cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'fr', url: baseURL! }]);
    await recordNavigations(page);
    // Hydrated: the language choice has run (before the marker is set), and asked for no navigation.
    await openPage(page, '/en/privacy/');
    expect(await requestedNavigations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/en/privacy/');
  });
});

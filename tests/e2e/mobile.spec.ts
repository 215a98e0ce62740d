import { expect, test } from '@playwright/test';
import { openPage, PHONE } from '../support/fixtures';

test.use({ viewport: PHONE });

test('below 768 px a hamburger opens a full-screen menu with contact, terms, privacy and the languages', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.locator('header').getByRole('link', { name: 'Aviso legal y condiciones' }).first()).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Abrir el menú' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Contacto' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Aviso legal y condiciones' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
  await expect(menu.getByRole('list').getByRole('link')).toHaveText(['Español', 'English', 'Deutsch', 'Italiano', 'Français']);
  // The whole screen below the header, once its 200 ms slide-in has ended.
  await menu.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await menu.boundingBox();
  const header = await page.locator('header > div').first().boundingBox();
  expect(box).toEqual({ x: 0, y: header!.height, width: PHONE.width, height: PHONE.height - header!.height });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/$/);
  await expect(page.locator('#mobile-menu')).toBeHidden();
});

test('nothing is wider than the screen', async ({ page }) => {
  for (const path of ['/', '/de/', '/fr/privacy/']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

import { expect, type Page, test } from '@playwright/test';
import { queryDatabase } from '../support/fixtures';
import { API_URL, SITE_URL } from '../support/stack';

const REVISION = 'consent~language~analytics~tag-manager';
const cookieValue = async (page: Page, name: string) => (await page.context().cookies()).find((cookie) => cookie.name === name)?.value;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeEach(async ({ page }) => {
  // Google's hosts are out of reach here: answer them locally so only their requests are observed.
  await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => route.fulfill({ body: '', contentType: 'text/javascript' }));
});

test('a fresh visit sets no cookie and contacts no host but the site and the API', async ({ page }) => {
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).origin));
  await page.goto('/');
  await page.locator('#explorer select[name="country"]').selectOption('ES');
  await page.locator('#explorer select[name="topic"]').selectOption('automotive');
  await expect(page.locator('#explorer tbody tr').first()).toBeVisible();
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect([...hosts].sort()).toEqual([new URL(API_URL).origin, SITE_URL].sort());
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.getByRole('region', { name: 'Tu privacidad' })).toBeVisible();
  // Consent Mode defaults are set before anything else, all denied.
  const first = await page.evaluate(() => JSON.parse(JSON.stringify(Array.from((window as unknown as { dataLayer: unknown[][] }).dataLayer[0]!))));
  expect(first).toEqual(['consent', 'default', expect.objectContaining({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' })]);
});

test('accept all stores the choice, loads the tag manager, is recorded, and the control button reopens the settings', async ({ page }) => {
  await page.goto('/en/');
  const consentId = () => page.evaluate(() => localStorage.getItem('segmentia-consent-id'));
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByRole('region', { name: 'Your privacy' })).toBeHidden();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent'))!)).toBe(REVISION);
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe(REVISION);
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  await expect.poll(async () => queryDatabase('SELECT enabled_ids, revision, locale FROM consent_record WHERE consent_id = $1', [await consentId()])).toEqual([
    { enabled_ids: ['analytics', 'consent', 'language', 'tag-manager'], revision: REVISION, locale: 'EN' },
  ]);
  const control = page.getByRole('button', { name: 'Cookie settings' });
  await control.click();
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(control).toBeFocused();
});

test('decline keeps only the necessary cookies and loads nothing', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Rechazar' }).click();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe('consent~language');
  await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tu privacidad' })).toBeHidden();
});

test('a partial selection shows the unsaved notice until saved, with the keyboard alone', async ({ page }) => {
  await page.goto('/de/');
  await page.getByRole('button', { name: 'Einstellungen' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const analytics = dialog.getByRole('switch', { name: /Google Analytics/ });
  await expect(dialog.getByRole('switch').first()).toBeDisabled();
  await analytics.focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('status')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('status')).toBeHidden();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: /speichern/i }).click();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe('consent~language~analytics');
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(0);
});

test('revoking removes the tag manager script and the cookies its patterns target', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Aceptar todas' }).click();
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  await page.evaluate(() => {
    document.cookie = '_gcl_au=1.1.123; Path=/';
    document.cookie = '_ga_TEST=GS1.1; Path=/';
  });
  await page.getByRole('link', { name: 'Política de cookies' }).first().click();
  await page.getByRole('button', { name: 'Cambiar mi elección de cookies' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['segmentia_consent', 'segmentia_consent_enabled']);
});

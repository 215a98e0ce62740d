/**
 * The privacy centre end to end: a device's advertising ID opted out with the keyboard in two languages, one objecting
 * and one withdrawing consent (the receipt shown with its reason, the same receipt for the same ID, the database
 * holding one keyed hash with its reason and never the ID), the localized field
 * errors, a web browser's written objection answered on the staff page, and the page judged by the Nu Html Checker
 * and axe in five languages at 360 and 1440 px (screenshots kept in test-results/screenshots).
 */
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loadConfig } from '@segmentia/api/config';
import { axeViolations, WCAG_22_AA } from '../support/axe';
import { DESKTOP, LOCALES, openPage, PHONE, queryDatabase } from '../support/fixtures';
import { nuErrors } from '../support/nu-checker';
import { signIn } from '../support/staff';

const SCREENSHOTS = path.resolve(__dirname, '../../test-results/screenshots');
/** The test stack's API runs outside production: the development key of the suppression list. */
const KEY = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgresql://localhost/unused' }).suppressionHashKey;
const hashOf = (id: string) => createHmac('sha256', KEY).update(id.toLowerCase()).digest('hex');

const OPT_OUT = {
  es: {
    device: 'Tipo de dispositivo',
    id: 'Identificador publicitario',
    submit: 'Excluir este identificador',
    done: 'Listo',
    another: 'Excluir otro dispositivo',
    zero: 'Un identificador de ceros',
    reason: { code: 'OBJECTION', choice: 'Me opongo al tratamiento', name: 'Oposición (art. 21 RGPD)' },
  },
  en: {
    device: 'Device type',
    id: 'Advertising ID',
    submit: 'Opt this ID out',
    done: 'Done',
    another: 'Opt out another device',
    zero: 'An ID of zeros',
    reason: { code: 'WITHDRAWAL', choice: 'I withdraw my consent', name: 'Withdrawal of consent (art. 7(3) GDPR)' },
  },
} as const;

/** Types into the field with the keyboard and sends with Enter, as a person without a mouse would. */
async function typeAndSend(page: Page, label: string, text: string) {
  const field = page.getByLabel(label);
  await field.focus();
  await field.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

for (const code of ['es', 'en'] as const) {
  test(`opts an advertising ID out with the keyboard (${code}): a receipt, the same for the same ID, one keyed hash stored`, async ({
    page,
  }) => {
    const prefix = LOCALES.find((locale) => locale.code === code)!.prefix;
    const labels = OPT_OUT[code];
    await openPage(page, `${prefix}/privacy-center/`);

    // All zeros: refused before sending, in the page's language, the field named by its error.
    await typeAndSend(page, labels.id, '00000000-0000-0000-0000-000000000000');
    await expect(page.getByLabel(labels.id)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(labels.zero)).toBeVisible();

    const id = randomUUID().toUpperCase();
    await page.getByLabel(labels.reason.choice).check();
    await page.getByLabel(labels.device).selectOption('APPLE');
    await typeAndSend(page, labels.id, id);
    const receipt = page.getByRole('status').filter({ hasText: labels.done });
    await expect(receipt.getByRole('heading')).toBeFocused();
    const receiptId = await receipt.locator('[data-receipt-id]').textContent();
    await expect(receipt.locator('[data-receipt-reason]')).toHaveText(labels.reason.name);

    // The same ID again, in lower case: the first receipt.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: labels.another })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(labels.id)).toBeFocused();
    await typeAndSend(page, labels.id, id.toLowerCase());
    await expect(receipt.locator('[data-receipt-id]')).toHaveText(receiptId!);

    const rows = await queryDatabase<Record<string, unknown>>('SELECT * FROM audience_suppression WHERE id_hash = $1', [hashOf(id)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: receiptId, device_type: 'APPLE', reason: labels.reason.code, source: 'PRIVACY_CENTER' });
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(id.toLowerCase());
  });
}

test('a written objection from a web browser reaches the staff page, where it is marked answered', async ({ page }) => {
  const email = `objection.${Date.now()}@example.org`;
  await openPage(page, '/de/privacy-center/');
  await page.getByLabel('Ihre E-Mail-Adresse').fill(email);
  await page.getByLabel('Ihr Widerspruch').fill('Kurz');
  await page.getByRole('button', { name: 'Widerspruch senden' }).click();
  await expect(page.getByText('Schreiben Sie mindestens 10 Zeichen.')).toBeVisible();
  await page.getByLabel('Ihr Widerspruch').fill('Ich widerspreche, mit meinem Browser in Ihren Zielgruppen zu sein.');
  await page.getByLabel('Ihr Widerspruch').press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Wir haben Ihren Widerspruch erhalten' })).toBeFocused();
  const [stored] = await queryDatabase<{ id: string; locale: string }>('SELECT id, locale FROM audience_objection WHERE email = $1', [
    email,
  ]);
  expect(stored).toMatchObject({ locale: 'DE' });

  await signIn(page);
  const panel = page.locator('[data-staff-privacy-center]');
  const objection = panel.locator(`[data-objection="${stored!.id}"]`);
  await expect(objection).toContainText('Ich widerspreche');
  await expect(panel.locator('[data-suppressions]')).toHaveText(/^\d+$/);
  // No machine key reads the test stack's list: the panel says so rather than showing a blank.
  await expect(panel.locator('[data-last-suppression-read]')).toHaveText('Nunca: ninguna clave de máquina ha leído la lista todavía');
  await objection.getByRole('button', { name: /Marcar como respondida/ }).click();
  await expect(objection).toContainText('Respondida por ana@segmentia.es');
  const [answered] = await queryDatabase<{ answered_by: string }>('SELECT answered_by FROM audience_objection WHERE id = $1', [stored!.id]);
  expect(answered).toEqual({ answered_by: 'ana@segmentia.es' });
  await page.setViewportSize(PHONE);
  await panel.screenshot({ path: path.join(SCREENSHOTS, 'staff-privacy-center-360.png') });
});

test('the page in five languages: the Nu Html Checker and axe find nothing at 360 and 1440 px, before and after a receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const served: Record<string, string> = {};
  for (const { prefix } of LOCALES) served[`${prefix}/privacy-center/`] = await (await request.get(`${prefix}/privacy-center/`)).text();
  expect(await nuErrors(served)).toEqual({});

  const violations: Record<string, string[]> = {};
  for (const { code, prefix } of LOCALES) {
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await openPage(page, `${prefix}/privacy-center/`);
      const found = await axeViolations(page, WCAG_22_AA);
      if (found.length) violations[`${code} ${viewport.width}`] = found;
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(SCREENSHOTS, `privacy-center-${code}-${viewport.width}.png`), fullPage: true });
    }
  }
  // The error and the receipt, in Spanish at 360 px.
  await page.setViewportSize(PHONE);
  await openPage(page, '/privacy-center/');
  await typeAndSend(page, 'Identificador publicitario', 'not-an-id');
  await expect(page.getByText('No es un identificador publicitario')).toBeVisible();
  const withError = await axeViolations(page, WCAG_22_AA);
  await page.locator('#opt-out').screenshot({ path: path.join(SCREENSHOTS, 'privacy-center-error-es-360.png') });
  await typeAndSend(page, 'Identificador publicitario', randomUUID());
  await expect(page.getByRole('heading', { name: /Listo/ })).toBeFocused();
  const withReceipt = await axeViolations(page, WCAG_22_AA);
  await page.locator('#opt-out').screenshot({ path: path.join(SCREENSHOTS, 'privacy-center-receipt-es-360.png') });
  expect({ ...violations, withError, withReceipt }).toEqual({ withError: [], withReceipt: [] });
});

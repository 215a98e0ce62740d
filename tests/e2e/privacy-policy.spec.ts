import { expect, test } from '@playwright/test';
import { LOCALES } from '../support/fixtures';

/**
 * The privacy policy and the legal notice as this stack serves them (no NOTIFY_WEBHOOK_URL; ALTCHA's 1440 minutes):
 * what they quote follows the settings and the page's language.
 */
const WORDS = {
  es: { country: 'España', hours: '24 horas' },
  en: { country: 'Spain', hours: '24 hours' },
  de: { country: 'Spanien', hours: '24 Stunden' },
  it: { country: 'Spagna', hours: '24 ore' },
  fr: { country: 'Espagne', hours: '24 heures' },
};

test('the privacy policy names no webhook processor without a webhook, gives the challenge in hours and links the privacy centre', async ({
  page,
}) => {
  for (const locale of LOCALES) {
    await page.goto(`${locale.prefix}/privacy/`);
    await expect(page.locator('#recipients-and-processors')).not.toContainText('Slack');
    await expect(page.locator('#data-we-process')).toContainText(WORDS[locale.code].hours);
    const centre = `${locale.prefix}/privacy-center/`;
    for (const section of ['#audience-data-subjects', '#privacy-center', '#how-to-exercise-your-rights']) {
      await expect(page.locator(`${section} a[href="${centre}"]`).first()).toBeVisible();
    }
    await expect(page.locator('#audience-data-subjects a[href="https://www.adsrvr.org/"]')).toBeVisible();
  }
});

test("the legal notice writes the company's country in the page's language", async ({ page }) => {
  for (const locale of LOCALES) {
    await page.goto(`${locale.prefix}/legal/`);
    await expect(page.locator('#website-owner')).toContainText(`Madrid, ${WORDS[locale.code].country}`);
  }
});

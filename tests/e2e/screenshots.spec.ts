import { expect, test } from '@playwright/test';

/** Home in Spanish and German at 360 and 1440 px, kept in test-results/screenshots to look at. */
for (const path of ['/', '/de/']) {
  for (const width of [360, 1440]) {
    test(`home ${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${path}?country=ES&topic=automotive`);
      await expect(page.locator('#explorer tbody tr').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const file = `../test-results/screenshots/home-${path.replace(/\//g, '') || 'es'}-${width}.png`;
      const image = await page.screenshot({ path: file, fullPage: true });
      expect(image.byteLength).toBeGreaterThan(50_000);
    });
  }
}

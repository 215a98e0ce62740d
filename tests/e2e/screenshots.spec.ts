import path from 'node:path';
import { expect, test } from '@playwright/test';

const SCREENSHOTS = path.resolve(__dirname, '../../test-results/screenshots');

/** Home in Spanish and German at 360 and 1440 px, kept in test-results/screenshots to look at. */
for (const home of ['/', '/de/']) {
  for (const width of [360, 1440]) {
    test(`home ${home} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${home}?country=ES&topic=automotive`);
      await expect(page.locator('#explorer tbody tr').first()).toBeVisible();
      // The map loads lazily: bring it in, then wait for it and the fonts.
      const map = page.locator('#audiences img');
      await map.scrollIntoViewIfNeeded();
      await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(SCREENSHOTS, `home-${home.replace(/\//g, '') || 'es'}-${width}.png`);
      const image = await page.screenshot({ path: file, fullPage: true });
      expect(image.byteLength).toBeGreaterThan(50_000);
    });
  }
}

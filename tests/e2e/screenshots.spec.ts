import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createLeads, setLeadStatus, signIn } from '../support/staff';

const SCREENSHOTS = path.resolve(__dirname, '../../test-results/screenshots');

/** Home in Spanish and German at 360 and 1440 px, kept in test-results/screenshots to look at. */
for (const home of ['/', '/de/']) {
  for (const width of [360, 1440]) {
    test(`home ${home} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${home}?country=ES&topic=automotive`);
      await expect(page.locator('#explorer tbody tr').first()).toBeVisible();
      // The map's picture comes with the stylesheet loaded after the first paint: bring it in, then wait for it and the fonts.
      const map = page.locator('#audiences').getByRole('img');
      await map.scrollIntoViewIfNeeded();
      await expect.poll(() => map.evaluate((box) => getComputedStyle(box).backgroundImage)).toContain('/coverage-map.svg');
      await page.evaluate(() => Object.assign(new Image(), { src: '/coverage-map.svg' }).decode());
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(SCREENSHOTS, `home-${home.replace(/\//g, '') || 'es'}-${width}.png`);
      // Sections off screen are not rendered (content-visibility: auto) until a visitor scrolls near them: all of them, for the picture.
      const image = await page.screenshot({ path: file, fullPage: true, style: '.section { content-visibility: visible !important; }' });
      expect(image.byteLength).toBeGreaterThan(50_000);
    });
  }
}

/** The explorer's search in German (an English path beside each), at 360 and 1440 px. */
for (const width of [360, 1440]) {
  test(`explorer search /de/ at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/de/?country=DE&q=motor#explorer');
    const explorer = page.locator('#explorer');
    await expect(explorer.getByRole('table').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const image = await explorer.screenshot({ path: path.join(SCREENSHOTS, `explorer-search-de-${width}.png`) });
    expect(image.byteLength).toBeGreaterThan(30_000);
  });
}

/** A holding's agencies, as sales would search them: one group per width, so the two runs do not see each other's leads. */
const GROUPS = { 360: 'Mediterráneo', 1440: 'Atlántico' } as const;

/** The staff page signed in, in Spanish, at 360 and 1440 px: the list, then a lead's details. */
for (const width of [360, 1440] as const) {
  test(`staff /staff/ signed in at ${width} px`, async ({ page, request }) => {
    const group = GROUPS[width];
    const domain = `grupo-${width}.es`;
    const ids = await createLeads(request, [
      {
        agencyName: `${group} Trading Desk`,
        agencyType: 'TRADING_DESK',
        contactName: 'Pablo Ruiz',
        email: `pablo.ruiz@${domain}`,
        interest: 'TECHNOLOGICAL_TRANSFORMATION',
      },
      {
        agencyName: `${group} Creative`,
        agencyType: 'CREATIVE',
        contactName: 'Giulia Romano',
        email: `giulia.romano@${domain}`,
        locale: 'IT',
        phone: '+39 02 1234 5678',
      },
      {
        agencyName: `${group} Performance`,
        agencyType: 'DIGITAL_PERFORMANCE',
        contactName: 'Jonas Becker',
        email: `jonas.becker@${domain}`,
        locale: 'DE',
        phone: null,
      },
      {
        agencyName: `${group} Digital`,
        contactName: 'Claire Martin',
        email: `claire.martin@${domain}`,
        locale: 'FR',
        phone: '+33 1 23 45 67 89',
      },
      {
        agencyName: `${group} Media`,
        contactName: 'Begoña Ibáñez',
        email: `begona.ibanez@${domain}`,
        agencySize: 'OVER_50M',
        advertiserCount: 'OVER_100',
      },
      // The same person again: a repeat.
      {
        agencyName: `${group} Media`,
        contactName: 'Begoña Ibáñez',
        email: `begona.ibanez@${domain}`,
        agencySize: 'OVER_50M',
        advertiserCount: 'OVER_100',
        message: 'Queremos activar audiencias de automoción en España y Portugal para el primer trimestre.',
      },
    ]);
    for (const [index, status] of (['DISQUALIFIED', 'QUALIFIED', 'DEMO_SENT', 'CONTACTED'] as const).entries())
      await setLeadStatus(request, ids[index]!, status);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(group);
    await expect(page.locator('tbody tr')).toHaveCount(6);
    await page.evaluate(() => document.fonts.ready);
    const image = await page.screenshot({ path: path.join(SCREENSHOTS, `staff-es-${width}.png`), fullPage: true });
    expect(image.byteLength).toBeGreaterThan(30_000);

    await page
      .getByRole('link', { name: `${group} Media` })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: `${group} Media` })).toContainText('Begoña Ibáñez');
    await page.screenshot({ path: path.join(SCREENSHOTS, `staff-es-${width}-lead.png`) });
    await page
      .getByRole('dialog', { name: `${group} Media` })
      .getByRole('button', { name: 'Cerrar la ficha' })
      .click();

    await page.getByRole('tab', { name: 'Resumen' }).click();
    await expect(page.locator('svg.recharts-surface').first()).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `staff-es-${width}-overview.png`), fullPage: true });
  });
}

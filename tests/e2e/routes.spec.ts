import { expect, test } from '@playwright/test';
import { LOCALES } from '../support/fixtures';
import { LEAD_RETENTION_MONTHS } from '@segmentia/tools/test-stack';

const PAGES = [
  {
    path: '/',
    titles: {
      es: 'Segmentia + theTradeDesk',
      en: 'Segmentia + theTradeDesk',
      de: 'Segmentia + theTradeDesk',
      it: 'Segmentia + theTradeDesk',
      fr: 'Segmentia + theTradeDesk',
    },
  },
  {
    path: '/legal/',
    titles: {
      es: 'Aviso legal y condiciones',
      en: 'Legal notice and terms',
      de: 'Impressum und Nutzungsbedingungen',
      it: 'Note legali e condizioni',
      fr: 'Mentions légales et CGU',
    },
  },
  {
    path: '/privacy/',
    titles: {
      es: 'Política de privacidad',
      en: 'Privacy policy',
      de: 'Datenschutzerklärung',
      it: 'Informativa sulla privacy',
      fr: 'Politique de confidentialité',
    },
  },
  {
    path: '/cookies/',
    titles: {
      es: 'Política de cookies',
      en: 'Cookies policy',
      de: 'Cookie-Richtlinie',
      it: 'Informativa sui cookie',
      fr: 'Politique relative aux cookies',
    },
  },
  {
    path: '/privacy-center/',
    titles: {
      es: 'Centro de privacidad',
      en: 'Privacy center',
      de: 'Datenschutzcenter',
      it: 'Centro privacy',
      fr: 'Centre de confidentialité',
    },
  },
];

for (const locale of LOCALES) {
  test.describe(`under ${locale.prefix || '/'}`, () => {
    // What a crawler reads: the document as served, its scripts not run (they change none of it).
    test.use({ javaScriptEnabled: false });

    for (const page of PAGES) {
      const url = `${locale.prefix}${page.path}`;
      test(`${url} answers 200 with its title, language and alternates`, async ({ page: browser }) => {
        const response = await browser.goto(url);
        expect(response?.status()).toBe(200);
        await expect(browser).toHaveTitle(page.path === '/' ? page.titles[locale.code] : `${page.titles[locale.code]} | Segmentia`);
        await expect(browser.locator('html')).toHaveAttribute('lang', locale.tag);
        const alternates = await browser
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${new URL(link.getAttribute('href')!).pathname}`));
        expect(alternates.sort()).toEqual(
          [...LOCALES.map((other) => `${other.tag} ${other.prefix}${page.path}`), `x-default ${page.path}`].sort(),
        );
        await expect(browser.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${url.replace(/\//g, '\\/')}$`));
        await expect(browser.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
        // Nothing says which framework and version serve the site, nor speaks to Internet Explorer.
        await expect(browser.locator('meta[name="generator"], meta[http-equiv]')).toHaveCount(0);
        await expect(browser.locator('meta[name="viewport"]')).toHaveAttribute('content', 'width=device-width, initial-scale=1');
        await expect(browser.locator('h1')).toHaveCount(1);
      });
    }

    test('an unknown path answers 404 with "Page not found" in its language', async ({ page }) => {
      const response = await page.goto(`${locale.prefix}/no-such-page/`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale.tag);
      const heading = {
        es: 'Página no encontrada',
        en: 'Page not found',
        de: 'Seite nicht gefunden',
        it: 'Pagina non trovata',
        fr: 'Page introuvable',
      };
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading[locale.code]);
    });
  });
}

test('each language has its sitemap, with every page and its alternates, and robots.txt lists them', async ({ request }) => {
  for (const locale of LOCALES) {
    const response = await request.get(`${locale.prefix}/sitemap.xml`);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    for (const page of PAGES) expect(xml).toContain(`${locale.prefix}${page.path}</loc>`);
    expect(xml).not.toContain('404');
    expect(xml).toContain('hreflang="x-default"');
    expect(xml.match(/<xhtml:link/g)).toHaveLength(PAGES.length * 6);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots.match(/^Sitemap: .*sitemap\.xml$/gm)).toHaveLength(5);
});

test('home has the Organization structured data', async ({ page }) => {
  await page.goto('/en/');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Organization', name: 'Segmentia' });
});

test("the privacy policy states the API's retention period for demo requests, in every language", async ({ page }) => {
  const words = { es: 'meses', en: 'months', de: 'Monate', it: 'mesi', fr: 'mois' };
  for (const locale of LOCALES) {
    await page.goto(`${locale.prefix}/privacy/`);
    await expect(page.locator('#retention')).toContainText(`${LEAD_RETENTION_MONTHS} ${words[locale.code]}`);
  }
});

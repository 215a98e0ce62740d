import { axeViolations } from '../support/axe';
import { expect, type Page, test } from '@playwright/test';
import { ACCEPT_ALL } from '../support/consent';
import { answerGoogleTags, DESKTOP, LOCALES, openPage, PHONE } from '../support/fixtures';
import { policyViolations, recordPolicyViolations } from '../support/security-policy';

/** The five kinds of public page. */
const PATHS = ['/', '/legal/', '/privacy/', '/cookies/', '/no-such-page/'];

/** Every element the page shows wider than the viewport, and every button or pill whose text spills out of it. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const wide = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Inside a region that scrolls sideways on purpose (the cookie table), width is allowed.
        return box.width > 0 && box.right > width + 1 && !element.closest('[role="region"][tabindex="0"]');
      })
      .map(describe);
    const spilled = Array.from(document.querySelectorAll('button, .button, [role="button"]'))
      .filter((button) => {
        const box = button.getBoundingClientRect();
        if (!box.width) return false;
        // The box of the text a sighted visitor reads (not the screen-reader-only label of an icon button).
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        const rects: DOMRect[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...Array.from(range.getClientRects()));
        }
        // A pill's label on one line: text on two lines means it wrapped inside its pill.
        const wrapped = button.classList.contains('button') && new Set(rects.map((text) => Math.round(text.top))).size > 1;
        return (
          wrapped ||
          rects.some((text) => text.left < box.left - 1 || text.right > box.right + 1) ||
          button.scrollWidth > button.clientWidth + 1
        );
      })
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5), spilled };
  });
}

for (const { code, prefix } of LOCALES) {
  test.describe(`in ${code}`, () => {
    // A first visit: the cookie bar and its three buttons are on every page.
    test.use({ storageState: { cookies: [], origins: [] }, viewport: PHONE });

    test('every page fits a 360 px phone: nothing wider than the screen, every button’s text inside it', async ({ page }) => {
      test.setTimeout(180_000);
      const problems: Record<string, unknown> = {};
      for (const path of PATHS) {
        await openPage(page, `${prefix}${path}`);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        const found = await overflows(page);
        if (found.scrollWidth > found.width || found.wide.length || found.spilled.length) problems[path] = found;
      }
      expect(problems).toEqual({});
    });

    for (const viewport of [PHONE, DESKTOP]) {
      const pages = 'on any page, the staff page’s sign-in included';
      test(`all cookies accepted, at ${viewport.width} px: axe, the console and the security policy find nothing ${pages}`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        await answerGoogleTags(page);
        await recordPolicyViolations(page);
        await page.setViewportSize(viewport);
        const found: Record<string, string[]> = {};
        // No page logs an error either (React's hydration errors were such).
        const errors: string[] = [];
        page.on('console', (message) => {
          // On the unknown path, its 404 status (the document's, its page data's) is what it should be.
          const expected = message.text().includes('status of 404') && page.url().includes('/no-such-page/');
          if (message.type() === 'error' && !expected) errors.push(`${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
        await openPage(page, `${prefix}/`);
        await page.getByRole('button', { name: ACCEPT_ALL[code] }).click();
        await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
        for (const path of [...PATHS, '/privacy-center/', '/staff/']) {
          await openPage(page, `${prefix}${path}`);
          if (path === '/staff/') await page.getByRole('heading', { level: 1 }).waitFor();
          // Scrolled through: every section hydrated, the video and the form's code loaded on the way.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await page.waitForLoadState('networkidle');
          const problems = [...(await axeViolations(page)), ...(await policyViolations(page))];
          if (problems.length) found[path] = problems;
        }
        expect(found).toEqual({});
        expect(errors).toEqual([]);
      });
    }
  });
}

test('the cookie table: cards on a phone, a table that fits on a desktop, its region reachable with the keyboard', async ({ page }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await openPage(page, '/en/cookies/');
    const region = page.locator('[role="region"][tabindex="0"]');
    await expect(region).toHaveAccessibleName('Cookies and similar storage used on this website');
    await region.focus();
    await expect(region).toBeFocused();
    // Nothing hidden sideways: what the region shows is all of the table.
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    await expect(
      page
        .getByRole('row', { name: /_ga_<ID>/ })
        .getByRole('cell')
        .first(),
    ).toBeVisible();
  }
  // On the phone each value says which column it is.
  await page.setViewportSize(PHONE);
  const label = await page
    .locator('td[data-label]')
    .first()
    .evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(label).toBe('"Type"');
});

test('every select draws its chevron (two strokes, no picture), and shows the system’s arrow in forced colours', async ({ page }) => {
  await openPage(page, '/en/');
  const selects = page.locator('select');
  const looks = () =>
    selects.evaluateAll((all) => all.map((select) => [getComputedStyle(select).appearance, getComputedStyle(select).backgroundImage]));
  // The contact form's and the explorer's.
  expect((await looks()).length).toBeGreaterThanOrEqual(3);
  for (const [appearance, image] of await looks()) {
    expect(appearance).toBe('none');
    expect(image).toMatch(/^linear-gradient\(45deg, .*\), linear-gradient\(-45deg, .*\), none$/);
  }
  await page.emulateMedia({ forcedColors: 'active' });
  for (const [appearance] of await looks()) expect(appearance).toBe('auto');
});

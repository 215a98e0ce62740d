// The staff page holds any lead: with the longest values the API accepts, nothing runs off a 360 or 1440 px screen;
// the table scrolls sideways within its own frame, which the keyboard reaches.
import { expect, type Page, test } from '@playwright/test';
import { ATTRIBUTION_LIMITS, CONTACT_LIMITS } from '@segmentia/contracts/contact';
import { DESKTOP, PHONE } from '../support/fixtures';
import { createLeads, signIn, uniqueMark } from '../support/staff';

/** An unbroken run of `length` characters that starts with `start`. */
const unbroken = (start: string, length: number) => (start + 'W'.repeat(length)).slice(0, length);
/** Words of `word`, `length` characters in all. */
const words = (start: string, word: string, length: number) => `${start} ${`${word} `.repeat(length)}`.slice(0, length).trim();

/**
 * The longest address the API accepts: 254 characters, a local part of 64 and labels of 63 (RFC 5321 and 1035), a
 * domain of its own so that the leads are not taken for repeats of each other.
 */
function longestEmail(mark: string, label: string) {
  const local = unbroken(`${mark}.`, 64);
  const domain = [unbroken(label, 63), unbroken(mark, 63)];
  const last = unbroken(label, CONTACT_LIMITS.email.max - local.length - '@..'.length - 63 - 63 - '.es'.length);
  const email = `${local}@${domain.join('.')}.${last}.es`;
  expect(email).toHaveLength(CONTACT_LIMITS.email.max);
  return email;
}

/** A host name of 253 characters, in labels of at most 63. */
function longestHost(mark: string) {
  const host = [unbroken(mark, 63), unbroken('referrer', 63), unbroken('host', 63), unbroken('example', 61)].join('.');
  expect(host).toHaveLength(ATTRIBUTION_LIMITS.referrerHost);
  return host;
}

/** One lead of unbroken values, one of long words: every text field at its longest. */
const longestLeads = (mark: string) => ({
  unbrokenLead: {
    agencyName: unbroken(mark, CONTACT_LIMITS.agencyName.max),
    contactName: unbroken(`Ana${mark}`, CONTACT_LIMITS.contactName.max),
    email: longestEmail(mark, 'unbroken'),
    message: unbroken('Mensaje', CONTACT_LIMITS.message.max),
    utmSource: unbroken('source', ATTRIBUTION_LIMITS.utmSource),
    utmMedium: unbroken('medium', ATTRIBUTION_LIMITS.utmMedium),
    utmCampaign: unbroken('campaign', ATTRIBUTION_LIMITS.utmCampaign),
    landingPage: unbroken('/', ATTRIBUTION_LIMITS.landingPage),
    referrerHost: longestHost(mark),
  },
  wordy: {
    agencyName: words(`Agencia ${mark}`, 'Iberoamericana', CONTACT_LIMITS.agencyName.max),
    contactName: words('María', 'Fernández-Villaverde', CONTACT_LIMITS.contactName.max),
    email: longestEmail(mark, 'words'),
  },
});

/** How far the page runs past the screen's right edge (0 or less: it does not). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The focusable controls of the page's main content that lie outside the screen, by their label. */
const offScreen = (page: Page, outside?: string) =>
  page.locator('main').evaluate((main, skip) => {
    const controls = Array.from(main.querySelectorAll<HTMLElement>('a[href], button, input, select, [tabindex="0"]'));
    return controls
      .filter((control) => control.getClientRects().length > 0 && !(skip && control.closest(skip)))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth;
      })
      .map((control) => `${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40)}`);
  }, outside);

/** The filters' fields wider than their own column (the date fields were, by 26 px at 360 px), by name. */
const wideFields = (page: Page) =>
  page.getByRole('search', { name: 'Filtrar los leads' }).evaluate((form) =>
    Array.from(form.querySelectorAll<HTMLElement>('input, select')).flatMap((field) => {
      const box = field.getBoundingClientRect();
      const column = field.closest('label')!.getBoundingClientRect();
      const past = Math.max(column.left - box.left, box.right - column.right);
      return past > 0.5 ? [`${field.getAttribute('name')}: ${Math.round(past)} px past its column`] : [];
    }),
  );

const CAPTION = 'Leads, del más reciente al más antiguo';

/**
 * Below 800 px a card per lead, which the frame holds without scrolling; from 800 px a table, which scrolls in its frame
 * on a small laptop's screen and fits a large one's, the longest values cut to a few lines.
 */
for (const { screen, scrolls } of [
  { screen: PHONE, scrolls: false },
  { screen: { width: 1024, height: 768 }, scrolls: true },
  { screen: DESKTOP, scrolls: false },
]) {
  test(`at ${screen.width} px the page and a lead's details hold the longest values the API accepts`, async ({ page, request }) => {
    await page.setViewportSize(screen);
    // Looked at by a person after a change of layout: test-results/e2e/<this test>/.
    const shot = (name: string) => test.info().outputPath(name);
    const mark = uniqueMark();
    const { unbrokenLead, wordy } = longestLeads(mark);
    await createLeads(request, [unbrokenLead, wordy]);
    await signIn(page, { path: `/staff/?q=${mark}` });
    const frame = page.getByRole('region', { name: CAPTION });
    const rows = frame.getByRole('table', { name: CAPTION }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: shot(`${screen.width}.png`) });
    await page.screenshot({ path: shot(`${screen.width}-full.png`), fullPage: true });
    await page.getByRole('search', { name: 'Filtrar los leads' }).screenshot({ path: shot(`${screen.width}-filters.png`) });

    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The header's buttons, the filters, the tabs and the CSV button; the table's own controls too unless it scrolls.
    expect(await wideFields(page)).toEqual([]);
    expect(await offScreen(page, scrolls ? '[aria-labelledby="leads-caption"]' : undefined)).toEqual([]);
    const box = (await frame.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
    const widths = await frame.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    test.info().annotations.push({ type: 'frame', description: `${widths.scroll} px of table in ${widths.client} px` });
    if (scrolls) expect(widths.scroll).toBeGreaterThan(widths.client);
    else expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    // A cut value is whole in its title.
    await expect(rows.getByRole('link', { name: unbrokenLead.email })).toHaveAttribute('title', unbrokenLead.email);
    await expect(rows.getByRole('link', { name: unbrokenLead.agencyName })).toHaveAttribute('title', unbrokenLead.agencyName);

    if (scrolls) {
      // The keyboard reaches the frame after the CSV button, and scrolls it.
      await page.getByRole('button', { name: 'Descargar CSV' }).focus();
      await page.keyboard.press('Tab');
      await expect(frame).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await page.screenshot({ path: shot(`${screen.width}-scrolled.png`) });
    } else {
      // Nothing to scroll: no stop of the keyboard's own.
      await expect(frame).not.toHaveAttribute('tabindex');
    }

    await rows.getByRole('link', { name: unbrokenLead.agencyName }).click();
    const details = page.getByRole('dialog', { name: unbrokenLead.agencyName });
    // The header holds three lines of the name; the name is whole under Agency.
    await expect(details.getByRole('definition').filter({ hasText: unbrokenLead.agencyName })).toBeVisible();
    await expect(details).toContainText(unbrokenLead.email);
    await expect(details).toContainText(unbrokenLead.message);
    await page.screenshot({ path: shot(`${screen.width}-detail.png`) });
    expect(await details.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
    const panel = (await details.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(screen.width);

    await details.getByRole('button', { name: 'Borrar el lead' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Borrar este lead para siempre?' });
    await expect(confirm).toContainText(unbrokenLead.email);
    await page.screenshot({ path: shot(`${screen.width}-erase.png`) });
    expect(await confirm.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
}

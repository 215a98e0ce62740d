/**
 * The privacy centre's "your request's data", end to end with the keyboard: a person who sent the form asks for her
 * link (an unknown address gets the same answer, and no email), reads it in the mail catcher, sees her request, and
 * erases it; the lead is gone, in staff's ledger as her own erasure. axe and the Nu Html Checker on the page the link
 * opens; screenshots at 360 and 1440 px in test-results/screenshots.
 */
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type CaughtMessage, caughtMessages } from '@segmentia/tools/test-services';
import { SITE_URL } from '@segmentia/tools/test-stack';
import { axeViolations, WCAG_22_AA } from '../support/axe';
import { fillRequiredFields } from '../support/contact-form';
import { DESKTOP, openPage, PHONE, queryDatabase } from '../support/fixtures';
import { nuErrors } from '../support/nu-checker';
import { testSetting } from '@segmentia/testing';

const SCREENSHOTS = path.resolve(__dirname, '../../test-results/screenshots');
const mailUrl = () => testSetting('e2eMailUrl');
const LINK_SUBJECT = 'Your link to see your data at Segmentia';

const messagesTo = async (address: string): Promise<CaughtMessage[]> =>
  (await caughtMessages(mailUrl())).filter((message) => message.to.some((to) => to.address === address));

/** Types an address into the section's field and sends it with the keyboard; the section's answer. */
async function askForLink(page: Page, section: Locator, address: string): Promise<string> {
  await section.getByLabel('Email address').focus();
  await page.keyboard.type(address);
  await page.keyboard.press('Enter');
  const answer = section.getByRole('status');
  await expect(answer).toHaveText('Check your inbox', { timeout: 30_000 });
  await expect(answer).toBeFocused();
  return (await answer.locator('xpath=following-sibling::p[1]').textContent())!;
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const image = await page.screenshot({ path: path.join(SCREENSHOTS, `my-data-${name}-${viewport.width}.png`), fullPage: true });
    expect(image.byteLength).toBeGreaterThan(20_000);
    expect(await axeViolations(page, WCAG_22_AA)).toEqual([]);
  }
}

const LINK_TO_ERASURE = 'she asks for her link, opens it from her mailbox, sees her request and erases it';
test(`${LINK_TO_ERASURE}; an unknown address gets the same answer and no email`, async ({ page }) => {
  test.setTimeout(180_000);
  const mark = `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
  const email = `data.${mark}@agencianorte.es`;
  const unknown = `nobody.${mark}@agencianorte.es`;
  const agencyName = `Northern Media ${Date.now().toString(36)}`;

  await test.step('she sends the contact form', async () => {
    await openPage(page, '/en/');
    const form = page.locator('#contact form');
    await fillRequiredFields(form, { email, agencyName, contactName: 'Laura Smith', language: 'en' });
    await form.getByLabel(/^Segmentia.s solutions$/).check();
    await form.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByRole('heading', { name: 'Data sent' })).toBeVisible({ timeout: 30_000 });
  });

  const link = await test.step('the privacy centre answers an unknown address and hers alike, and emails only her', async () => {
    await openPage(page, '/en/privacy-center/');
    const section = page.locator('#my-data');
    await expect(section.getByRole('heading', { name: /^Your request.s data$/ })).toBeVisible();
    const toUnknown = await askForLink(page, section, unknown);
    await section.getByRole('button', { name: 'Ask with another address' }).press('Enter');
    const toHer = await askForLink(page, section, email);
    expect(toUnknown.replace(unknown, '<address>')).toBe(toHer.replace(email, '<address>'));
    expect(toHer).toContain(`If ${email} is on a request of ours`);
    await screenshot(page, 'asked');

    let message: CaughtMessage | undefined;
    await expect
      .poll(async () => (message = (await messagesTo(email)).find((caught) => caught.subject === LINK_SUBJECT)), { timeout: 20_000 })
      .toBeTruthy();
    // Asked for before hers, which has arrived: nothing went to the unknown address.
    expect(await messagesTo(unknown)).toEqual([]);
    const found = new RegExp(`${SITE_URL}/en/privacy-center/my-data/#token=[\\w-]{43}`).exec(message!.text);
    expect(found).not.toBeNull();
    return found![0];
  });

  await test.step('the link opens her request, in English, and leaves no token in the address bar', async () => {
    await openPage(page, link);
    const request = page.getByRole('article');
    await expect(request.getByRole('heading', { level: 2, name: /^Request of / })).toBeVisible({ timeout: 20_000 });
    expect(page.url()).toBe(`${SITE_URL}/en/privacy-center/my-data/`);
    await expect(page.getByText(`the requests sent with ${email}`)).toBeVisible();
    for (const text of [
      agencyName,
      'Laura Smith',
      'Media agency',
      '€5M to €10M',
      /^Segmentia.s solutions$/,
      'The confirmation email to you',
    ])
      await expect(request.getByText(text).first()).toBeVisible();
    await expect(request.getByRole('heading', { name: 'Your acceptance of the terms' })).toBeVisible();
    // A reload opens it again (the tab kept the token).
    await page.reload();
    await expect(request.getByRole('heading', { level: 2, name: /^Request of / })).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'data');
  });

  await test.step('the Nu Html Checker finds no error in the page as served', async () => {
    const served = await (await page.request.get('/en/privacy-center/my-data/')).text();
    expect(served).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(await nuErrors({ '/en/privacy-center/my-data/': served })).toEqual({});
  });

  await test.step('she erases it with the keyboard, after a confirmation', async () => {
    await page.getByRole('button', { name: 'Erase my data' }).focus();
    await page.keyboard.press('Enter');
    const question = page.locator('#my-data-erase-question');
    await expect(question).toBeFocused();
    await expect(question).toHaveText(/^Erase your request for good?/);
    // Cancel gives the focus back to the button; asked again, she confirms.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Erase my data' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Yes, erase everything' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Your data has been erased' })).toBeFocused({ timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'We erased your request on' })).toBeVisible();
    await screenshot(page, 'erased');
  });

  await test.step('the lead is gone, recorded as her own erasure; the link no longer opens', async () => {
    expect(await queryDatabase('SELECT id FROM contact_request WHERE lower(email) = $1', [email])).toEqual([]);
    const [erasure] = await queryDatabase<{ reason: string; erased_by: string }>(
      "SELECT reason, erased_by FROM lead_erasure WHERE erased_by = 'data-subject' ORDER BY erased_at DESC LIMIT 1",
    );
    expect(erasure).toEqual({ reason: 'REQUEST', erased_by: 'data-subject' });
    // Opened again from the email, in this tab (only the fragment changes) and in a new one.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(/This link was used to erase your data and no longer works/, { timeout: 20_000 });
    const again = await page.context().newPage();
    await openPage(again, link);
    await expect(again.getByRole('alert')).toHaveText(/This link was used to erase your data and no longer works/, { timeout: 20_000 });
    await expect(again.getByRole('heading', { name: 'Ask for a link' })).toBeVisible();
  });
});

test('without a link, the page says how to get one, in each language, and passes axe', async ({ page }) => {
  await openPage(page, '/de/privacy-center/my-data/');
  await expect(page.getByText('Diese Seite öffnet sich mit dem Link, den wir Ihnen per E-Mail senden.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link per E-Mail senden' })).toBeEnabled();
  await screenshot(page, 'no-link-de');
});

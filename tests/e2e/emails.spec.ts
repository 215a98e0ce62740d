/**
 * The emails a request sends, read from the test stack's mail catcher (maildev,
 * as `npm start` runs it when SMTP_URL is unset): the prospect's confirmation
 * in the language of the page she sent it from, and sales' notification.
 */
import { expect, test } from '@playwright/test';
import { type CaughtMessage, caughtMessages } from '@segmentia/tools/test-services';
import { SITE_URL } from '@segmentia/tools/test-stack';
import { fillRequiredFields } from '../support/contact-form';
import { openPage } from '../support/fixtures';
import { testSetting } from '@segmentia/testing';

const mailUrl = () => testSetting('e2eMailUrl');

/** The first message to `address` whose subject matches, once it has arrived. */
async function messageTo(address: string, subject: RegExp): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMessages(mailUrl())).find(
          (message) => message.to.some((to) => to.address === address) && subject.test(message.subject),
        );
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test('a request sent from the English page: her confirmation in English, and sales are told', async ({ page }) => {
  const email = `mail.${Date.now()}.${Math.floor(Math.random() * 1e6)}@agencianorte.es`;
  const agencyName = `Northern Media ${Date.now().toString(36)}`;
  await openPage(page, '/en/');
  const form = page.locator('#contact form');
  await fillRequiredFields(form, { email, agencyName, contactName: 'Laura Smith', language: 'en' });
  await form.getByLabel('Segmentia’s solutions').check();
  await form.getByRole('button', { name: 'Request access' }).click();
  await expect(page.getByRole('heading', { name: 'Data sent' })).toBeVisible({ timeout: 30_000 });

  const confirmation = await messageTo(email, /./);
  expect(confirmation.subject).toBe('We have received your request for demo access');
  // Nothing she typed but the address it goes to: the form could be sent with another person's address.
  expect(confirmation.text).toMatch(/^Hello,\n/);
  for (const typed of ['Laura', agencyName]) expect(confirmation.text).not.toContain(typed);
  expect(confirmation.text).toContain(`${SITE_URL}/en/privacy/`);

  // Read as she would, in a browser: its links go to the English pages of the site, and nothing is loaded to track her.
  // In a page of its own: the site's page may still prefetch its links' data, which is not the email's doing.
  const reader = await page.context().newPage();
  const loaded: string[] = [];
  reader.on('request', (request) => loaded.push(request.url()));
  await reader.goto(`${mailUrl()}/api/email/${confirmation.id}/html`);
  await expect(reader.getByRole('link', { name: 'How we handle your data: privacy policy' })).toHaveAttribute(
    'href',
    `${SITE_URL}/en/privacy/`,
  );
  const links = await reader.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  for (const link of links) expect(link).toMatch(new RegExp(`^(${SITE_URL}/en/|mailto:)`));
  expect(await reader.locator('img').count()).toBe(0);
  expect(loaded.filter((url) => !url.startsWith(mailUrl()))).toEqual([]);

  const notification = await messageTo('ventas@segmentia.test', new RegExp(agencyName));
  expect(notification.subject).toMatch(new RegExp(`^New demo request: ${agencyName} \\(fit \\d+/100\\)$`));
  // The prospect's address stays behind sign-in (the staff page), not in the mailbox.
  expect(notification.text).not.toContain(email);
  expect(notification.text).toMatch(new RegExp(`Open the lead: ${SITE_URL}/staff/\\?lead=[0-9a-f-]{36}`));
});

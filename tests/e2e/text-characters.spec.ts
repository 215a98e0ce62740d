import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '@segmentia/tools/test-stack';
import { LOCALES, openPage } from '../support/fixtures';

/** The form's messages of a language, as the site shows them. */
const errorsOf = (language: string) =>
  (JSON.parse(readFileSync(path.join(REPO_ROOT, 'site/locales', language, 'contact.json'), 'utf8')) as { errors: Record<string, string> })
    .errors;

for (const { code, prefix } of LOCALES) {
  test(`control characters are refused next to their field in ${code}, and nothing is sent`, async ({ page }) => {
    let sent = false;
    page.on('request', (request) => (request.postData() ?? '').includes('SubmitContactRequest') && (sent = true));
    await openPage(page, `${prefix}/`);
    const form = page.locator('#contact form');
    await form.locator('#agencyName').fill('Agencia\u001BNorte');
    await form.locator('#email').fill('lu\u0000cia@agencianorte.es');
    // Line breaks and tabs are the message's; a BEL is not.
    await form.locator('#message').fill('Hola,\n\tqueremos\u0007probar.');
    await form.locator('button[type="submit"]').click();
    const errors = errorsOf(code);
    await expect(form.locator('#agencyName-error')).toHaveText(errors.singleLine!);
    await expect(form.locator('#email-error')).toHaveText(errors.singleLine!);
    await expect(form.locator('#message-error')).toHaveText(errors.plainText!);
    await form.locator('#message').fill('Hola,\n\tqueremos probar.');
    await expect(form.locator('#message-error')).toHaveCount(0);
    expect(sent).toBe(false);
  });
}

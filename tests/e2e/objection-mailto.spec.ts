/**
 * The staff page's reply link to a written objection (security review 2, I10): an address whose local part holds
 * `?`, `&` and `=` (the API's email check accepts them) stays one address in the `mailto:` link, percent-encoded,
 * and adds no copy or subject to staff's answer.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { queryDatabase } from '../support/fixtures';
import { signIn } from '../support/staff';

const EMAIL = 'a?cc=x%40evil.example&subject=y@example.com';

test('the objection’s mailto link holds %3F, not ?, and keeps the address whole', async ({ page }) => {
  const [stored] = await queryDatabase<{ id: string }>(
    `INSERT INTO audience_objection (id, request_id, locale, email, message)
     VALUES (gen_random_uuid(), $1, 'EN', $2, 'I object to being in your audiences.') RETURNING id`,
    [randomUUID(), EMAIL],
  );
  await signIn(page);
  const link = page.locator(`[data-objection="${stored!.id}"] a[href^="mailto:"]`);
  await expect(link).toHaveText(EMAIL);
  const href = (await link.getAttribute('href'))!;
  expect(href).toContain('%3F');
  expect(href).not.toContain('?');
  const url = new URL(href);
  expect([url.search, url.hash, decodeURIComponent(url.pathname)]).toEqual(['', '', EMAIL]);
});

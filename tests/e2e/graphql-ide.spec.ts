/**
 * The API's GraphQL IDE in a real browser: a developer's schema and examples
 * with no request to any other host, and a salesperson's leads queried with
 * the staff page's session.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { API_URL } from '@segmentia/tools/test-stack';
import { accountToken } from '../support/firebase-auth';
import { ANA, signIn } from '../support/staff';

/** Every request of the context that leaves this machine. */
function outsideRequests(context: BrowserContext): string[] {
  const outside: string[] = [];
  context.on('request', (request) => {
    const { protocol, hostname } = new URL(request.url());
    if (!['data:', 'blob:'].includes(protocol) && !['127.0.0.1', 'localhost'].includes(hostname)) outside.push(request.url());
  });
  return outside;
}

/** Runs the IDE's open tab and gives its answer (the response editor's text). */
async function run(ide: Page): Promise<string> {
  await ide.getByRole('button', { name: /Execute query/ }).click();
  const result = ide.locator('.result-window');
  await expect(result)
    .toContainText('"data"', { timeout: 15_000 })
    .catch(() => expect(result).toContainText('"errors"'));
  return result.innerText();
}

test('a developer opens the IDE at /graphql: the schema, the examples, an answer, and nothing from another host', async ({
  page,
  context,
}) => {
  const outside = outsideRequests(context);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto(API_URL);
  await expect(page.locator('.graphiql-tab-button')).toHaveText(['Audiences', 'Search', 'Challenge', 'Contact']);
  const answer = await run(page);
  expect(answer).toContain('"audienceSize"');
  expect(answer).toContain('SGM-ES-');

  // The schema's documentation, from introspection.
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  await page.getByRole('link', { name: 'Query' }).click();
  await expect(page.getByText("A topic's audiences in a country, largest first")).toBeVisible();
  // The explorer plugin builds a query by ticking fields.
  await page.getByRole('button', { name: 'GraphiQL Explorer' }).click();
  await expect(page.locator('.graphiql-explorer-root')).toBeVisible();

  expect(outside).toEqual([]);
  expect(violations).toEqual([]);
});

test("sales query leads from the staff page: the IDE gets the session's token, and loses it when she signs out", async ({
  page,
  context,
}) => {
  const outside = outsideRequests(context);
  await signIn(page);
  await expect(page.getByText('Sesión iniciada como')).toContainText(ANA.email);
  const [ide] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Consultar leads en GraphQL' }).click()]);
  await expect(ide.getByText('Segmentia GraphQL · staff session')).toBeVisible();
  await expect(ide.locator('.graphiql-tab-button')).toHaveText([
    'Leads',
    'Lead',
    'Insights',
    'Csv',
    'Audiences',
    'Search',
    'Challenge',
    'Contact',
  ]);
  expect(await run(ide)).toContain('"totalCount"');
  // The token never sits in the IDE: not in its headers editor, not in its storage.
  const stored = await ide.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toMatch(/eyJ[\w-]+\.eyJ/);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByText('Has cerrado la sesión.')).toBeVisible();
  expect(await run(ide)).toContain('UNAUTHENTICATED');
  expect(outside).toEqual([]);
});

test("the IDE's token is renewed as the staff page renews it: an hour on, its next query still answers", async ({ page }) => {
  // The page's clock, moved by the test: Firebase renews a token an hour old when asked for one.
  await page.clock.install();
  await signIn(page);
  const [ide] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Consultar leads en GraphQL' }).click()]);
  const sent: string[] = [];
  ide.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (request.url().startsWith(API_URL) && authorization) sent.push(authorization);
  });
  const renewals: string[] = [];
  page.on('request', (request) => {
    if (/securetoken\.googleapis\.com\/v1\/token/.test(request.url())) renewals.push(request.url());
  });
  // The session's token as the page holds it (Firebase keeps the signed-in user in sessionStorage).
  const pageToken = () =>
    page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('firebase:authUser:'))!;
      return (JSON.parse(sessionStorage.getItem(key)!) as { stsTokenManager: { accessToken: string } }).stsTokenManager.accessToken;
    });
  expect(await run(ide)).toContain('"totalCount"');
  expect(sent.at(-1)).toBe(`Bearer ${await pageToken()}`);

  await page.clock.fastForward('01:01:00');
  expect(await run(ide)).toContain('"totalCount"');
  expect(renewals.length).toBeGreaterThan(0);
  expect(sent.at(-1)).toBe(`Bearer ${await pageToken()}`);
});

test('an account without the sales role gets the same FORBIDDEN from GraphQL as on the staff page', async ({ request }) => {
  const token = await accountToken({ email: 'otra@agencianorte.es', password: 'una-clave', staff: false });
  const response = await request.post(API_URL, {
    headers: { authorization: `Bearer ${token}` },
    data: { query: '{ leads(first: 1) { totalCount } }' },
  });
  const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
  expect(body.errors[0]!.extensions.code).toBe('FORBIDDEN');
});

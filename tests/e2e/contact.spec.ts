// Over 300 lines on purpose: the contact form as a visitor uses it, each path from the fields to the stored row in one place.
import { expect, type Page, test } from '@playwright/test';
import { fillRequiredFields } from '../support/contact-form';
import { openPage, queryDatabase } from '../support/fixtures';
import { TERMS_VERSION } from '@segmentia/contracts/terms';

async function fillForm(page: Page, email: string) {
  const form = page.locator('#contact form');
  await fillRequiredFields(form, { email, agencyName: 'Agencia Norte', contactName: 'Lucía Fernández' });
  await form.getByLabel('Teléfono').fill('911 23 45 67');
  await form.getByLabel('Las soluciones de Segmentia').check();
  await form.getByLabel('Mensaje').fill('Queremos probar audiencias de automoción.');
  return form;
}

/** Holds the page's scripts back until released, as on a slow phone where the visitor types before the page becomes interactive. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@agencianorte.es`;

test('a complete request is stored and answered with "Datos enviados"', async ({ page }) => {
  await openPage(page, '/');
  const email = uniqueEmail('happy');
  const form = await fillForm(page, email);
  await form.getByRole('button', { name: 'Solicitar acceso' }).click();
  await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeFocused();
  await expect(page.locator('#contact')).toContainText('72 horas, sin contar fines de semana ni festivos');
  const rows = await queryDatabase<{
    agency_name: string;
    phone: string;
    locale: string;
    page_path: string;
    is_spam: boolean;
    terms_version: string;
  }>('SELECT agency_name, phone, locale, page_path, is_spam, terms_version FROM contact_request WHERE email = $1', [email]);
  // Stored, so the widget solved the challenge (the API stores nothing unproved); not spam, so the form waited out the time trap.
  expect(rows).toEqual([
    {
      agency_name: 'Agencia Norte',
      phone: '+34911234567',
      locale: 'ES',
      page_path: '/',
      is_spam: false,
      terms_version: TERMS_VERSION,
    },
  ]);
});

test(
  'the proof of work is solved in the background: a refused proof is made again ' +
    'once, with a new challenge; a second refusal is said, and nothing is stored',
  async ({ page }) => {
    const challenges: string[] = [];
    page.on('request', (request) => request.url().includes('ContactChallenge') && challenges.push(request.url()));
    await openPage(page, '/');
    const email = uniqueEmail('proof');
    const form = await fillForm(page, email);
    // The first proof the API sees is spoilt (a proxy that mangles it, a challenge issued before a restart).
    let spoil = 1;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { query?: string; variables?: { input?: Record<string, unknown> } } | null;
      if (!body?.variables?.input?.altcha || spoil === 0) return route.continue();
      spoil--;
      return route.continue({ postData: JSON.stringify({ ...body, variables: { input: { ...body.variables.input, altcha: 'spoilt' } } }) });
    });
    await form.getByRole('button', { name: 'Solicitar acceso' }).click();
    await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeVisible();
    expect(challenges).toHaveLength(2);
    expect(await queryDatabase('SELECT 1 FROM contact_request WHERE email = $1 AND NOT is_spam', [email])).toHaveLength(1);

    // Now every proof is spoilt: after one more try, the visitor is told, in Spanish, and the details stay.
    await openPage(page, '/');
    const other = uniqueEmail('proof-refused');
    const again = await fillForm(page, other);
    spoil = 100;
    await again.getByRole('button', { name: 'Solicitar acceso' }).click();
    await expect(again.getByRole('alert')).toHaveText(
      /No hemos podido confirmar que esta solicitud la envía una persona\. Tus datos siguen aquí/,
    );
    await expect(again.getByLabel('Correo profesional')).toHaveValue(other);
    expect(await queryDatabase('SELECT 1 FROM contact_request WHERE email = $1', [other])).toHaveLength(0);
  },
);

test(
  'a request says where the visit came from: its first page, the referring ' +
    "site and the campaign, Google's click id only with marketing consent",
  async ({ page }) => {
    // From a LinkedIn post's campaign link, to the form.
    await page.goto('/?utm_source=linkedin&utm_medium=social&utm_campaign=otono-2026&gclid=Cj0KCQ-test', {
      referer: 'https://www.linkedin.com/feed/',
    });
    // The landing is recorded by the page's script, which starts after the first paint: a visitor reads for longer than that.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // Kept in the page's memory only: this visitor declined analytics cookies (attribution.spec.ts: after consent, the tab's storage).
    expect(await page.evaluate(() => sessionStorage.getItem('segmentia-attribution'))).toBeNull();
    const email = uniqueEmail('campaign');
    const form = await fillForm(page, email);
    await form.getByRole('button', { name: 'Solicitar acceso' }).click();
    await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeFocused();
    const rows = await queryDatabase(
      'SELECT landing_page, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, gclid FROM contact_request WHERE email = $1',
      [email],
    );
    // This visitor declined optional cookies (playwright.config): no click id.
    expect(rows).toEqual([
      {
        landing_page: '/',
        referrer_host: 'www.linkedin.com',
        utm_source: 'linkedin',
        utm_medium: 'social',
        utm_campaign: 'otono-2026',
        utm_term: null,
        gclid: null,
      },
    ]);
    // No cookie of its own.
    expect((await page.context().cookies()).map((cookie) => cookie.name).sort()).toEqual([
      'segmentia_consent',
      'segmentia_consent_enabled',
    ]);
  },
);

test(
  'the email field suggests the likely address for a typo, hints at ' + 'a company address for free mail, and refuses a disposable one',
  async ({ page }) => {
    await openPage(page, '/');
    const form = page.locator('#contact form');
    const email = form.getByLabel('Correo profesional');
    await email.fill('lucia@gmial.com');
    await email.press('Tab');
    await expect(form.getByText('¿Querías decir lucia@gmail.com?')).toBeVisible();
    await form.getByRole('button', { name: 'Usar lucia@gmail.com' }).click();
    await expect(email).toHaveValue('lucia@gmail.com');
    // Free mail: a hint, not an error; the request can still be sent.
    await expect(form.getByText('Consejo: con el correo de tu empresa')).toBeVisible();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');

    await email.fill('lucia@mailinator.com');
    await email.press('Tab');
    await expect(form.getByText('Es una dirección de correo temporal')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
);

test("the visitor's address is in no URL while they fill and send the form: the API checks it by POST", async ({ page }) => {
  const urls: string[] = [];
  const checks: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (request.postData()?.includes('checkEmail')) checks.push(request.method());
  });
  await openPage(page, '/');
  const email = uniqueEmail('private');
  const form = await fillForm(page, email);
  await form.getByLabel('Correo profesional').press('Tab');
  await form.getByLabel('Correo profesional').fill('lucia@gmial.com');
  await form.getByLabel('Correo profesional').press('Tab');
  await expect(form.getByText('¿Querías decir lucia@gmail.com?')).toBeVisible();
  await form.getByLabel('Correo profesional').fill(email);
  await form.getByRole('button', { name: 'Solicitar acceso' }).click();
  await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeFocused();
  expect(checks.length).toBeGreaterThan(0);
  expect(checks.every((method) => method === 'POST')).toBe(true);
  expect(urls.filter((url) => /@|%40/i.test(url))).toEqual([]);
});

test('an incomplete request shows localized messages next to each field and sends nothing', async ({ page }) => {
  let sent = false;
  page.on(
    'request',
    (request) =>
      request.url().includes('/graphql') &&
      request.method() === 'POST' &&
      (request.postData() ?? '').includes('SubmitContactRequest') &&
      (sent = true),
  );
  await openPage(page, '/de/');
  const form = page.locator('#contact form');
  await form.getByLabel('Unternehmen oder Agentur').fill('A');
  await form.getByRole('button', { name: /anfordern|senden/i }).click();
  const agencyName = form.getByLabel('Unternehmen oder Agentur');
  await expect(agencyName).toBeFocused();
  await expect(agencyName).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await agencyName.getAttribute('aria-describedby');
  await expect(page.locator(`#${describedBy}`)).toContainText('2');
  // Nine required fields and the terms' box; the interest's two radio buttons are both marked.
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(11);
  await expect(form.getByRole('checkbox', { name: /Nutzungsbedingungen/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('#acceptTerms-error')).toHaveText(
    'Um die Anfrage zu senden, setzen Sie bitte das Häkchen und akzeptieren Sie die Nutzungsbedingungen.',
  );
  expect(sent).toBe(false);
});

test('an address the API rejects is shown next to its field in the page language, nothing stored', async ({ page }) => {
  await openPage(page, '/');
  const email = uniqueEmail('phone');
  const form = await fillForm(page, email);
  await form.getByLabel('Teléfono').fill('12 34 56');
  await form.getByRole('button', { name: 'Solicitar acceso' }).click();
  const phone = form.getByLabel('Teléfono');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(form).toContainText('Escribe un teléfono válido');
  expect(await queryDatabase('SELECT 1 FROM contact_request WHERE email = $1', [email])).toHaveLength(0);
});

test('a double click sends once and stores one row', async ({ page }) => {
  await openPage(page, '/');
  const email = uniqueEmail('double');
  const form = await fillForm(page, email);
  let submits = 0;
  page.on('request', (request) => (request.postData() ?? '').includes('SubmitContactRequest') && submits++);
  await form.getByRole('button', { name: 'Solicitar acceso' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeVisible();
  expect(submits).toBe(1);
  expect(await queryDatabase('SELECT 1 FROM contact_request WHERE email = $1', [email])).toHaveLength(1);
});

test('a failed send keeps every value, and the retry reuses the request id so it is stored once', async ({ page }) => {
  await openPage(page, '/');
  const email = uniqueEmail('retry');
  const form = await fillForm(page, email);
  const ids: string[] = [];
  let first = true;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { variables?: { input?: { requestId: string } } };
    if (body.variables?.input) ids.push(body.variables.input.requestId);
    if (first && body.variables?.input) {
      first = false;
      // The request reaches the API and is stored, but the answer is lost on the way back.
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await form.getByRole('button', { name: 'Solicitar acceso' }).click();
  await expect(form.getByRole('alert')).toContainText('Tus datos siguen aquí');
  await expect(form.getByLabel('Correo profesional')).toHaveValue(email);
  await expect(form.getByLabel('Empresa o agencia')).toHaveValue('Agencia Norte');
  await form.getByRole('button', { name: 'Reintentar el envío' }).click();
  await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeVisible();
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
  expect(await queryDatabase('SELECT 1 FROM contact_request WHERE email = $1', [email])).toHaveLength(1);
});

test(
  'the honeypot is hidden from people and screen readers; the box links the ' +
    'terms and the policy, and the first layer of the notice sits by the button',
  async ({ page }) => {
    await openPage(page, '/en/');
    const honeypot = page.locator('#contact input[name="website"]');
    await expect(honeypot).not.toBeInViewport();
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(await honeypot.evaluate((input) => !!input.closest('[aria-hidden="true"]'))).toBe(true);
    const box = page.locator('#contact form label').filter({ has: page.getByRole('checkbox') });
    await expect(box).toContainText('I accept the legal notice and terms and have read the privacy policy');
    await expect(box.getByRole('link', { name: 'legal notice and terms' })).toHaveAttribute('href', '/en/legal/');
    await expect(box.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/privacy/');
    await expect(page.locator('#contact form').getByRole('checkbox')).not.toBeChecked();
    // Controller, purpose, legal basis, recipients, rights and, apart, the right to object (art. 21(4) GDPR), then the policy.
    const layer = page.getByRole('region', { name: 'Basic data protection information' });
    await expect(layer.locator('dt')).toHaveText(['Controller', 'Purpose', 'Legal basis', 'Recipients', 'Rights', 'Objection']);
    await expect(layer.locator('dd').first()).toHaveText('Segmentia Data, S.L.');
    // The test stack sets no webhook: no internal messaging among the recipients, as the policy leaves its item out.
    await expect(layer.locator('dd').nth(3)).toHaveText(/^Hosting and email providers, /);
    await expect(layer.locator('dd').nth(5)).toContainText('You can object at any time, without giving reasons');
    await expect(layer.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/privacy/');
  },
);

test('what a visitor fills in before the page becomes interactive is kept and sent', async ({ page }) => {
  // The page's scripts are held back while the visitor fills the server-rendered form, as on a slow phone.
  const release = await holdScripts(page);
  await page.goto('/#contact', { waitUntil: 'domcontentloaded' });
  const email = uniqueEmail('early');
  const form = await fillForm(page, email);
  await expect(form.getByRole('button', { name: 'Solicitar acceso' })).toBeDisabled();
  release();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(form.getByRole('button', { name: 'Solicitar acceso' })).toBeEnabled();
  await form.getByRole('button', { name: 'Solicitar acceso' }).click();
  await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeVisible();
  expect(await queryDatabase('SELECT agency_name, contact_name, phone, message FROM contact_request WHERE email = $1', [email])).toEqual([
    {
      agency_name: 'Agencia Norte',
      contact_name: 'Lucía Fernández',
      phone: '+34911234567',
      message: 'Queremos probar audiencias de automoción.',
    },
  ]);
});

test('an address typed and left before the form becomes interactive still gets its advice once it is', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/#contact', { waitUntil: 'domcontentloaded' });
  const form = page.locator('#contact form');
  await form.getByLabel('Correo profesional').fill('lucia@gmial.com');
  await form.getByLabel('Correo profesional').press('Tab');
  release();
  await expect(form.getByText('¿Querías decir lucia@gmail.com?')).toBeVisible();
});

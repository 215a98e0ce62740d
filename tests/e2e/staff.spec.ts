// Over 300 lines on purpose: the staff page as sales use it, one test per task (sign-in, list, filters, details, status,
// CSV, erasure, overview, languages), sharing one signed-in setup; the helpers are in tests/support/staff.ts.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { blockGoogleSignIn, disableAccount } from '../support/firebase-auth';
import { LOCALES, openPage, PHONE, queryDatabase } from '../support/fixtures';
import { ANA, createLeads, GERMAN, setLeadStatus, signIn, uniqueMark } from '../support/staff';
import { REPO_ROOT } from '@segmentia/tools/test-stack';
import { TERMS_VERSION } from '@segmentia/contracts/terms';

const leadsTable = (page: Page) => page.getByRole('table', { name: 'Leads, del más reciente al más antiguo' });
const rows = (page: Page) => leadsTable(page).locator('tbody tr');

/** Narrows the list to one test's leads. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
}

test.describe('signed in as sales', () => {
  test('lists the leads newest first, with their total and labels in the page language', async ({ page, request }) => {
    const mark = uniqueMark();
    await createLeads(request, [
      {
        agencyName: `Publicis Iberia ${mark}`,
        contactName: 'José Martínez',
        email: 'jose@publicis.es',
        locale: 'EN',
        interest: 'TECHNOLOGICAL_TRANSFORMATION',
      },
      { agencyName: `Havas Media ${mark}`, contactName: 'Marie Dubois', email: 'marie@havas.fr', locale: 'FR' },
    ]);
    const { googleRequests } = await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText('Sesión iniciada como')).toContainText(ANA.email);
    await search(page, mark);
    await expect(page.getByRole('heading', { level: 2, name: '2 leads' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0).getByRole('rowheader')).toHaveText(`Havas Media ${mark}`);
    await expect(rows(page).nth(0)).toContainText('Marie Dubois');
    await expect(rows(page).nth(0)).toContainText('Francés');
    await expect(rows(page).nth(1)).toContainText('Transformación tecnológica');
    await expect(rows(page).nth(1)).toContainText('Inglés');
    await expect(
      rows(page)
        .nth(1)
        .getByRole('combobox', { name: `Estado de Publicis Iberia ${mark}` }),
    ).toHaveValue('NEW');
    // Signed in through the emulator: nothing went to Google.
    expect(googleRequests).toEqual([]);
  });

  test('filters by status and search; the URL keeps the view, so a link reopens it', async ({ page, request }) => {
    const mark = uniqueMark();
    const [, qualified] = await createLeads(request, [
      { agencyName: `Dentsu ${mark}`, locale: 'IT' },
      { agencyName: `Omnicom ${mark}` },
      { agencyName: `WPP ${mark}` },
    ]);
    await setLeadStatus(request, qualified!, 'QUALIFIED');
    await signIn(page);
    await search(page, mark);
    await expect(rows(page)).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption({ label: 'Cualificado' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByRole('rowheader')).toHaveText(`Omnicom ${mark}`);
    await expect(page).toHaveURL(new RegExp(`\\?q=${mark}&status=QUALIFIED$|\\?status=QUALIFIED&q=${mark}$`));

    await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption({ label: 'Todos' });
    await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption({ label: 'Italiano' });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByRole('rowheader')).toHaveText(`Dentsu ${mark}`);

    // The same link in a new visit: the session is kept, the view comes back.
    await page.goto(`/staff/?status=QUALIFIED&q=${mark}`);
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(mark);
    await expect(page.getByRole('combobox', { name: 'Estado', exact: true })).toHaveValue('QUALIFIED');
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(/\/staff\/$/);
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toBeFocused();
  });

  test('reads more than one page: 25 at a time, then "load more"', async ({ page, request }) => {
    const mark = uniqueMark();
    await createLeads(
      request,
      Array.from({ length: 27 }, (_, index) => ({ agencyName: `Agencia ${String(index + 1).padStart(2, '0')} ${mark}` })),
    );
    await signIn(page);
    await search(page, mark);
    await expect(page.getByRole('heading', { level: 2, name: '27 leads' })).toBeVisible();
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByText('Mostrando 25 de 27')).toBeVisible();
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect(rows(page)).toHaveCount(27);
    // The last page is in, the button gone: the focus is on the first lead it added.
    await expect(
      rows(page)
        .nth(25)
        .getByRole('link', { name: `Agencia 02 ${mark}` }),
    ).toBeFocused();
    await expect(rows(page).last().getByRole('rowheader')).toHaveText(`Agencia 01 ${mark}`);
    await expect(page.getByRole('button', { name: 'Cargar más' })).toHaveCount(0);
  });

  test('changes a status in place, and PostgreSQL has it', async ({ page, request }) => {
    const mark = uniqueMark();
    const [id] = await createLeads(request, [{ agencyName: `Wavemaker ${mark}` }]);
    await signIn(page);
    await search(page, mark);
    await rows(page)
      .getByRole('combobox', { name: `Estado de Wavemaker ${mark}` })
      .selectOption({ label: 'Contactado' });
    await expect(page.getByText(`Estado de Wavemaker ${mark}: Contactado.`)).toBeAttached();
    await expect
      .poll(async () => (await queryDatabase<{ status: string }>('SELECT status FROM contact_request WHERE id = $1', [id]))[0]?.status)
      .toBe('CONTACTED');
  });

  test('opens a lead from ?lead=<id> (the notifications’ link) with every field', async ({ page, request }) => {
    const mark = uniqueMark();
    const [id] = await createLeads(request, [
      {
        agencyName: `Mindshare ${mark}`,
        contactName: 'Begoña Ibáñez',
        message: 'Nos interesa el sector del automóvil.\nSegunda línea.',
        pagePath: '/de/',
        locale: 'DE',
        audiences: [{ country: 'DE', audience: 'motorsport-fans' }],
      },
    ]);
    await signIn(page, { path: `/staff/?lead=${id}` });
    const details = page.getByRole('dialog', { name: `Mindshare ${mark}` });
    await expect(details).toBeVisible();
    for (const text of [
      'Agencia de medios',
      'De 5 a 10 M€',
      'De 10 a 25',
      'Begoña Ibáñez',
      'Director/a',
      'Decide',
      '@agencianorte-',
      '+34911234567',
      'Alemán',
      'Las soluciones de Segmentia',
      'Nos interesa el sector del automóvil.',
      '/de/',
      `Versión ${TERMS_VERSION}`,
      'SGM-DE-AUTO-MOTORSPORT-FANS Segmentia › Automotive › Motorsport fans',
      id!,
    ]) {
      await expect(details).toContainText(text);
    }
    await expect(details.getByRole('combobox', { name: 'Estado' })).toHaveValue('NEW');
    await details.getByRole('button', { name: 'Cerrar la ficha' }).click();
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(/\/staff\/$/);
    // The list tells the leads that came with audiences of the explorer, their ids in the tag's title.
    await search(page, mark);
    const tag = rows(page).getByRole('rowheader').getByText('1 audiencia', { exact: true });
    await expect(tag).toHaveAttribute('title', 'Audiencias pedidas en el explorador: SGM-DE-AUTO-MOTORSPORT-FANS');
  });

  test('a lead’s details show who of the staff opened it and changed its status, newest first', async ({ page, request }) => {
    const mark = uniqueMark();
    const [id] = await createLeads(request, [{ agencyName: `Havas ${mark}` }]);
    await setLeadStatus(request, id!, 'CONTACTED');
    await signIn(page, { path: `/staff/?lead=${id}` });
    const details = page.getByRole('dialog', { name: `Havas ${mark}` });
    const activity = details.getByRole('region', { name: 'Actividad' });
    await expect(activity.getByRole('definition')).toHaveText([
      `${ANA.email} abrió la ficha`,
      `${ANA.email} cambió el estado a Contactado`,
    ]);
    await details.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Spam' });
    await expect(activity.getByRole('definition').first()).toHaveText(`${ANA.email} cambió el estado a Spam`);
    await expect(activity.getByRole('term').first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    const actions = await queryDatabase<{ kind: string; staff_email: string; status: string | null }>(
      'SELECT kind, staff_email, status FROM staff_action WHERE lead_id = $1 ORDER BY acted_at',
      [id],
    );
    expect(actions).toEqual([
      { kind: 'STATUS', staff_email: ANA.email, status: 'CONTACTED' },
      { kind: 'VIEW', staff_email: ANA.email, status: null },
      { kind: 'STATUS', staff_email: ANA.email, status: 'SPAM' },
    ]);
  });

  test(
    'shows each lead’s fit, source, free mail and repeats; sorts best ' +
      'fit first, keeps those above a score, and says why in the details',
    async ({ page, request }) => {
      const mark = uniqueMark();
      const domain = `${mark}.es`;
      const [first, , repeat] = await createLeads(request, [
        {
          agencyName: `Starcom ${mark}`,
          email: `eva@${domain}`,
          agencySize: 'UP_TO_2M',
          advertiserCount: 'FROM_1_TO_10',
          decisionRole: 'NONE',
        },
        {
          agencyName: `Zenith ${mark}`,
          email: `${mark}@gmail.com`,
          agencySize: 'OVER_50M',
          utmSource: 'linkedin',
          utmMedium: 'paid-social',
          landingPage: '/',
        },
        {
          agencyName: `Starcom ${mark}`,
          email: `EVA@${domain}`,
          agencySize: 'UP_TO_2M',
          advertiserCount: 'FROM_1_TO_10',
          decisionRole: 'NONE',
        },
      ]);
      await signIn(page);
      await search(page, mark);
      await expect(rows(page)).toHaveCount(3);
      // Newest first: the repeat, the Gmail lead from LinkedIn, the first request.
      const [newest, middle, oldest] = [rows(page).nth(0), rows(page).nth(1), rows(page).nth(2)];
      await expect(newest.getByRole('rowheader')).toHaveText(`Starcom ${mark}2.ª solicitud`);
      await expect(middle).toContainText('linkedin / paid-social');
      await expect(middle).toContainText('Correo gratuito');
      await expect(oldest).toContainText('Directo');
      // Fit: 5 + 4 + 0 + 15 + 10 + 10 for each Starcom request; Zenith: 25 + 8 + 20 + 0 + 10 + 10.
      await expect(newest.getByRole('cell').nth(1)).toHaveText('44 de 100');
      await expect(middle.getByRole('cell').nth(1)).toHaveText('73 de 100');

      await page.getByRole('combobox', { name: 'Orden' }).selectOption({ label: 'Mejor encaje primero' });
      await expect(
        page.getByRole('table', { name: 'Leads, del mejor encaje al peor' }).locator('tbody tr').first().getByRole('rowheader'),
      ).toHaveText(`Zenith ${mark}`);
      await page.getByRole('combobox', { name: 'Encaje' }).selectOption({ label: '60 o más' });
      await expect(page.getByRole('table', { name: 'Leads, del mejor encaje al peor' }).locator('tbody tr')).toHaveCount(1);
      await expect(page).toHaveURL(/fit=60/);
      await expect(page).toHaveURL(/sort=BEST_FIT/);
      await page.getByRole('combobox', { name: 'Encaje' }).selectOption({ label: 'Todos' });

      // The repeat's details: the reasons, and a link that opens the first request in the same panel.
      await page.goto(`/staff/?q=${mark}&lead=${repeat}`);
      const details = page.getByRole('dialog', { name: `Starcom ${mark}` });
      await expect(details.getByRole('listitem')).toHaveText([
        'Inversión anual en medios: Hasta 2 M€5 / 25',
        'Anunciantes: De 1 a 104 / 20',
        'Papel en la compra: No participa0 / 20',
        'Correo: Dirección de empresa15 / 15',
        'Interés: Las soluciones de Segmentia10 / 10',
        'País: España, dentro de nuestra cobertura10 / 10',
      ]);
      await details.getByRole('link', { name: /^primera solicitud el / }).click();
      await expect(page).toHaveURL(new RegExp(`lead=${first}`));
      await expect(details.getByRole('listitem').first()).toBeVisible();
      await expect(details).not.toContainText('2.ª solicitud');
    },
  );

  test(
    'the overview tab charts the filtered leads: per week by status, top ' +
      'sources, interests and countries; the keyboard moves between tabs',
    async ({ page, request }) => {
      const mark = uniqueMark();
      const [, qualified] = await createLeads(request, [
        { agencyName: `Carat ${mark}`, utmSource: 'linkedin', utmMedium: 'paid-social' },
        { agencyName: `Initiative ${mark}`, utmSource: 'linkedin', utmMedium: 'paid-social', phone: '+49 30 1234567' },
        { agencyName: `Hearts ${mark}`, referrerHost: 'www.google.com', interest: 'TECHNOLOGICAL_TRANSFORMATION' },
      ]);
      await setLeadStatus(request, qualified!, 'QUALIFIED');
      await signIn(page);
      await search(page, mark);
      await expect(rows(page)).toHaveCount(3);
      const overviewTab = page.getByRole('tab', { name: 'Resumen' });
      await overviewTab.click();
      await expect(page).toHaveURL(/view=overview/);
      await expect(leadsTable(page)).toBeHidden();
      const panel = page.getByRole('tabpanel', { name: 'Resumen' });
      await expect(panel.getByText('3 leads')).toBeVisible();
      const weeks = panel.getByRole('figure', { name: 'Leads por semana, últimas 12 semanas, por estado' });
      await expect(weeks.locator('svg.recharts-surface').first()).toBeVisible();
      // The figures, as screen readers read them: this week's row has two new leads and one qualified.
      const weekTable = weeks.getByRole('table');
      await expect(weekTable.locator('tbody tr')).toHaveCount(12);
      await expect(weekTable.locator('tbody tr').last()).toHaveText(/2\s*0\s*0\s*1\s*0\s*0\s*3$/);
      await expect(panel.getByRole('figure', { name: 'Orígenes principales' }).getByRole('table')).toContainText('linkedin / paid-social2');
      await expect(panel.getByRole('figure', { name: 'Intereses' }).getByRole('table')).toContainText('Transformación tecnológica1');
      await expect(panel.getByRole('figure', { name: 'Países principales' }).getByRole('table')).toContainText('Alemania1');
      // Filtered as the list is: qualified only.
      await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption({ label: 'Cualificado' });
      await expect(panel.getByText('1 lead', { exact: true })).toBeVisible();
      // Tabs by keyboard: the arrow goes back to the list, which keeps its filters.
      await overviewTab.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('tab', { name: 'Lista' })).toBeFocused();
      await expect(page.getByRole('tab', { name: 'Lista' })).toHaveAttribute('aria-selected', 'true');
      await expect(rows(page)).toHaveCount(1);
      await expect(page).not.toHaveURL(/view=overview/);
    },
  );

  test('a link to a lead that does not exist says so', async ({ page }) => {
    await signIn(page, { path: '/staff/?lead=3f1c2b7e-0000-4000-8000-000000000000' });
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Este lead no existe: puede que se haya borrado.');
  });

  test('downloads the filtered leads as CSV: byte order mark, the language’s separator, accents intact', async ({ page, request }) => {
    const mark = uniqueMark();
    await createLeads(request, [{ agencyName: `Agencia Ñandú ${mark}`, contactName: 'Begoña Ibáñez' }]);
    await signIn(page);
    await search(page, mark);
    await expect(rows(page)).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^segmentia-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, line, ...rest] = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(header).toMatch(/^Received \(UTC\);Status;Agency;/);
    expect(line).toContain(`;Agencia Ñandú ${mark};`);
    expect(line).toContain(';Begoña Ibáñez;');
    expect(rest.filter(Boolean)).toEqual([]);

    // English spreadsheets read commas.
    await page.goto(`/en/staff/?q=${mark}`);
    const english = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const text = (await readFile((await (await english).path())!)).toString('utf8');
    expect(text).toMatch(/^\uFEFFReceived \(UTC\),Status,Agency,/);
  });

  test('erases a lead after a confirmation: gone from the list and from PostgreSQL, the erasure recorded', async ({ page, request }) => {
    const mark = uniqueMark();
    const eraser = { email: `eva-${mark}@segmentia.es`, password: 'ventas-2026', staff: true, uid: `staff-eva-${mark}` };
    const [kept, erased] = await createLeads(request, [
      { agencyName: `Kinetic ${mark}` },
      { agencyName: `Zenith ${mark}`, email: 'borrar@zenith.es' },
    ]);
    await signIn(page, { account: eraser });
    await search(page, mark);
    await expect(rows(page)).toHaveCount(2);
    await rows(page)
      .getByRole('link', { name: `Zenith ${mark}` })
      .click();
    await page
      .getByRole('dialog', { name: `Zenith ${mark}` })
      .getByRole('button', { name: 'Borrar el lead' })
      .click();
    const confirm = page.getByRole('dialog', { name: '¿Borrar este lead para siempre?' });
    await expect(confirm).toContainText('borrar@zenith.es');
    await expect(confirm).toContainText('No se puede deshacer');
    await confirm.getByRole('button', { name: 'Borrar para siempre' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: '1 lead' })).toBeVisible();
    await expect(page.getByText(`Se ha borrado el lead de Zenith ${mark}.`)).toBeAttached();
    expect(await queryDatabase('SELECT id FROM contact_request WHERE id = ANY($1::uuid[])', [[kept, erased]])).toEqual([{ id: kept }]);
    expect(await queryDatabase('SELECT reason, count FROM lead_erasure WHERE erased_by = $1', [eraser.uid])).toEqual([
      { reason: 'REQUEST', count: 1 },
    ]);
  });

  test('the erasure works by keyboard alone: the focus starts on Cancel, Escape goes back, Enter erases', async ({ page, request }) => {
    const mark = uniqueMark();
    const account = { email: `teo-${mark}@segmentia.es`, password: 'ventas-2026', staff: true };
    const [id] = await createLeads(request, [{ agencyName: `Starcom ${mark}` }]);
    await signIn(page, { account });
    await search(page, mark);
    await rows(page)
      .getByRole('link', { name: `Starcom ${mark}` })
      .focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: `Starcom ${mark}` });
    await expect(details.getByRole('button', { name: 'Cerrar la ficha' })).toBeFocused();
    const erase = details.getByRole('button', { name: 'Borrar el lead' });
    for (let step = 0; step < 8 && !(await erase.evaluate((button) => button === document.activeElement)); step++)
      await page.keyboard.press('Tab');
    await expect(erase).toBeFocused();

    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: '¿Borrar este lead para siempre?' });
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(details).toBeVisible();
    await expect(erase).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Borrar para siempre' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The row is gone: the focus goes to the list's heading.
    await expect(page.getByRole('heading', { level: 2, name: '0 leads' })).toBeFocused();
    await expect(page.getByText('Ningún lead coincide con estos filtros.')).toBeVisible();
    expect(await queryDatabase('SELECT 1 FROM contact_request WHERE id = $1', [id])).toEqual([]);
  });

  test('signing out says so and shows the sign-in again', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Has cerrado la sesión.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Acceso del equipo' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // Nothing of the session is kept in the browser.
    await page.reload();
    await expect(page.getByLabel('Contraseña')).toBeVisible();
  });

  test('shows an error with a retry when the API cannot be reached', async ({ page }) => {
    await page.route('**/graphql', (route) => route.abort());
    await signIn(page);
    await expect(page.getByRole('alert')).toContainText('No hay conexión con la API. Comprueba la red y vuelve a intentarlo.');
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ leads?$/ })).toBeVisible();
  });
});

test.describe('sign-in problems', () => {
  test('a wrong password: the email or the password is not correct', async ({ page }) => {
    await signIn(page, { password: 'incorrecta' });
    await expect(page.getByRole('alert')).toHaveText('El correo o la contraseña no son correctos.');
    await expect(page.getByLabel('Contraseña')).toBeFocused();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('an account that is not sales staff is told it has no access to leads, and can sign out', async ({ page }) => {
    const guest = { email: 'guest@agencianorte.es', password: 'una-clave', staff: false };
    await signIn(page, { account: guest });
    await expect(page.getByRole('heading', { level: 1, name: 'Esta cuenta no tiene acceso a los leads' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('guest@agencianorte.es no es una cuenta del equipo comercial');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Has cerrado la sesión.')).toBeVisible();
  });

  test('an unverified email address is asked to be verified', async ({ page }) => {
    await signIn(page, { account: { email: 'sin-verificar@segmentia.es', password: 'ventas-2026', staff: true, emailVerified: false } });
    await expect(page.getByRole('heading', { level: 1, name: 'Verifica tu correo' })).toBeVisible();
  });

  test('a session the API finds expired is ended, with a request to sign in again', async ({ page }) => {
    // The emulator cannot issue an expired token: a route override sends the API one that expired a minute ago.
    await signIn(page, { account: { email: 'caducada@segmentia.es', password: 'ventas-2026', staff: true, expiredTokens: true } });
    await expect(page.getByText('Tu sesión ha caducado. Vuelve a iniciar sesión.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('a session Firebase can no longer renew ends the same way', async ({ page }) => {
    await page.clock.install();
    const account = { email: `revocada-${uniqueMark()}@segmentia.es`, password: 'ventas-2026', staff: true };
    await signIn(page, { account });
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ leads?$/ })).toBeVisible();
    // The account is disabled; an hour later its token has expired, and the emulator refuses to renew it.
    await disableAccount(account);
    await page.clock.fastForward('01:00:00');
    await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption({ label: 'Nuevo' });
    await expect(page.getByText('Tu sesión ha caducado. Vuelve a iniciar sesión.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('Google sign-in goes to Google first, and says so when it fails', async ({ page }) => {
    // Google's script loads from Google even with the emulator, and the tests have no internet: a route override refuses it.
    const google = await blockGoogleSignIn(page);
    await openPage(page, '/staff/');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('No se ha podido iniciar sesión. Vuelve a intentarlo.');
    expect(google.requested).toEqual([expect.stringContaining('https://apis.google.com/js/api.js')]);
  });
});

test('in German: sign-in, list and labels', async ({ page, request }) => {
  const mark = uniqueMark();
  await createLeads(request, [{ agencyName: `Serviceplan ${mark}`, locale: 'ES' }]);
  await openPage(page, '/de/staff/');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für das Team' })).toBeVisible();
  await signIn(page, { path: '/de/staff/', labels: GERMAN });
  await page.getByRole('searchbox', { name: 'Suche' }).fill(mark);
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  for (const column of ['Eingang', 'Agentur', 'Kontakt', 'E-Mail', 'Interesse', 'Sprache', 'Status']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeAttached();
  }
  await expect(row).toContainText('Spanisch');
  await expect(row.getByRole('combobox', { name: `Status von Serviceplan ${mark}` })).toHaveValue('NEW');
  await expect(row.getByRole('combobox').locator('option:checked')).toHaveText('Neu');
  await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
});

test('nothing is wider than a 360 px screen, the list or a lead’s details', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const mark = uniqueMark();
  await createLeads(request, [
    { agencyName: `Agencia de Publicidad Iberoamericana ${mark}`, email: 'direccion.comercial.internacional@agencia-iberoamericana.com' },
  ]);
  await signIn(page);
  await search(page, mark);
  await expect(rows(page)).toHaveCount(1);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await rows(page).getByRole('link').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.getByRole('dialog').evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('the staff page is never indexed: noindex, no alternates, in no sitemap, disallowed in robots.txt', async ({ page, request }) => {
  for (const locale of LOCALES) {
    const response = await page.goto(`${locale.prefix}/staff/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale.tag);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
    const sitemap = await (await request.get(`${locale.prefix}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('staff');
  }
  for (const index of ['/sitemap-index.xml', '/sitemap-0.xml']) expect(await (await request.get(index)).text()).not.toContain('staff');
  const robots = await (await request.get('/robots.txt')).text();
  for (const locale of LOCALES) expect(robots).toContain(`Disallow: ${locale.prefix}/staff/\n`);
});

test('Firebase Auth is its own chunk: no public page loads it, the staff page only once it has rendered', async ({ page }) => {
  const isAuth = async (url: string) => (await (await page.request.get(url)).text()).includes('identitytoolkit.googleapis.com');
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await openPage(page, '/');
  // Every lazily loaded part of the home: the map, the explorer and the contact form.
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(await Promise.all(scripts.map(isAuth))).not.toContain(true);

  // The staff page's initial JavaScript, as the bench counts it: the app's chunks and the page's (webpack.stats.json).
  const stats = JSON.parse(readFileSync(path.join(REPO_ROOT, 'site', '.cache', 'webpack.stats.json'), 'utf8')) as {
    assetsByChunkName: Record<string, string[]>;
  };
  const initial = [...stats.assetsByChunkName.app!, ...stats.assetsByChunkName['component---src-pages-staff-tsx']!].filter((file) =>
    file.endsWith('.js'),
  );
  expect(initial.length).toBeGreaterThan(3);
  expect(await Promise.all(initial.map((file) => isAuth(`/${file}`)))).not.toContain(true);
  scripts.length = 0;
  await openPage(page, '/staff/');
  await expect(page.getByLabel('Contraseña')).toBeVisible();
  expect(await Promise.all(scripts.map(isAuth))).toContain(true);
});

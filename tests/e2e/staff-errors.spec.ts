// A staff read that fails is shown as what it is: a timeout asks to narrow the filters or retry, a refusal quotes the API,
// an outage says the API is down. The API's answers are made here with route() (the API's own path: api/test).
import { expect, type Page, test } from '@playwright/test';
import { createLeads, signIn, uniqueMark } from '../support/staff';

const TIMED_OUT = 'Esta vista ha tardado demasiado en cargarse. Acota los filtros o vuelve a intentarlo.';
const UNAVAILABLE = 'La API no está disponible en este momento. Vuelve a intentarlo en unos minutos.';

/** Answers the page's `operation` with one GraphQL error of `code` while `failing()` holds; the others reach the API. */
async function failOperation(page: Page, operation: string, code: string, extensions: object = {}, failing = () => true) {
  await page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName !== operation || !failing()) return route.fallback();
    await route.fulfill({ json: { data: null, errors: [{ message: `${operation} failed`, extensions: { code, ...extensions } }] } });
  });
}

test('the list that took too long says so, with a retry that reads it again', async ({ page, request }) => {
  const mark = uniqueMark();
  await createLeads(request, [{ agencyName: `Publicis ${mark}` }]);
  let failing = true;
  await failOperation(page, 'Leads', 'QUERY_TIMEOUT', {}, () => failing);
  await signIn(page, { path: `/staff/?q=${mark}` });
  const alert = page.getByRole('tabpanel', { name: 'Lista' }).getByRole('alert');
  await expect(alert).toContainText(TIMED_OUT);
  await expect(alert).not.toContainText(UNAVAILABLE);
  await page.screenshot({ path: test.info().outputPath('timeout.png') });
  failing = false;
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '1 lead' })).toBeVisible();
});

test('the overview that took too long says so; an outage of the database is the API not available', async ({ page }) => {
  await failOperation(page, 'LeadInsights', 'QUERY_TIMEOUT');
  await signIn(page, { path: '/staff/?view=overview' });
  const panel = page.getByRole('tabpanel', { name: 'Resumen' });
  await expect(panel.getByRole('alert')).toContainText(TIMED_OUT);
  await expect(panel.getByRole('button', { name: 'Reintentar' })).toBeVisible();

  await page.unroute('**/graphql');
  await failOperation(page, 'LeadInsights', 'SERVICE_UNAVAILABLE');
  await panel.getByRole('button', { name: 'Reintentar' }).click();
  await expect(panel.getByRole('alert')).toContainText(UNAVAILABLE);
});

test('a CSV the API refuses quotes its reason; a lead that took too long offers a retry', async ({ page, request }) => {
  const mark = uniqueMark();
  const [id] = await createLeads(request, [{ agencyName: `Havas ${mark}` }]);
  const reason = 'filter: 62000 leads match; narrow the filter to 50000 or fewer';
  await failOperation(page, 'LeadsCsv', 'BAD_USER_INPUT', { fieldErrors: { filter: [{ code: 'maxRows', message: reason }] } });
  let failing = true;
  await failOperation(page, 'Lead', 'QUERY_TIMEOUT', {}, () => failing);
  await signIn(page, { path: `/staff/?q=${mark}` });
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  await expect(page.getByRole('alert')).toHaveText(`No se ha podido preparar el CSV. La API ha rechazado la consulta: ${reason}`);

  await page.goto(`/staff/?q=${mark}&lead=${id}`);
  const details = page.getByRole('dialog');
  await expect(details.getByRole('alert')).toContainText('La API ha tardado demasiado en responder. Vuelve a intentarlo.');
  failing = false;
  await details.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('dialog', { name: `Havas ${mark}` })).toContainText('Agencia de medios');
});

import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { isHydrated, openPage } from '../support/fixtures';

test('asks for a country and topic, then lists audiences largest first in the locale format, for two countries', async ({ page }) => {
  await openPage(page, '/');
  const explorer = page.locator('#explorer');
  await expect(explorer.getByText('Selecciona un país y un tema para ver las audiencias')).toBeVisible();

  // The explorer asks with a GET (cacheable by the browser, nginx and a CDN), preflighted as the API's CSRF prevention wants.
  const api = page.waitForRequest((request) => request.url().includes('/graphql') && request.method() === 'GET');
  await explorer.getByLabel('País').selectOption({ label: 'Alemania' });
  await explorer.getByLabel('Tema').selectOption({ label: 'Automoción' });
  const asked = await api;
  expect(JSON.parse(new URL(asked.url()).searchParams.get('variables')!)).toEqual({ country: 'DE', topic: 'automotive', locale: 'ES' });
  expect(await asked.headerValue('apollo-require-preflight')).toBe('true');
  const answer = await asked.response();
  expect(answer!.headers()['cache-control']).toBe('max-age=60, public');
  const rows = explorer.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(12);
  const germany = await rows.locator('data').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('value'))));
  expect(germany).toEqual([...germany].sort((a, b) => b - a));
  // Spanish compact format: "3,3 M".
  await expect(rows.first().locator('data')).toHaveText(/^\d+(,\d)?\s(M|mil)$/);
  await expect(page).toHaveURL(/\?country=DE&topic=automotive/);

  await explorer.getByLabel('País').selectOption({ label: 'Luxemburgo' });
  await expect(explorer.locator('caption')).toContainText('Luxemburgo');
  const luxembourg = await rows.locator('data').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('value'))));
  expect(Math.max(...luxembourg)).toBeLessThan(Math.max(...germany) / 20);
});

test('reopens the selection from a link, with English names and number format', async ({ page }) => {
  await openPage(page, '/en/?country=GB&topic=travel-tourism#explorer');
  const explorer = page.locator('#explorer');
  await expect(explorer.getByLabel('Country')).toHaveValue('GB');
  await expect(explorer.getByLabel('Topic')).toHaveValue('travel-tourism');
  await expect(explorer.locator('tbody tr').first().locator('data')).toHaveText(/^\d+(\.\d)?[MK]$/);
});

test('opens an old link to the renamed wellness topic on the topic, under its new id', async ({ page }) => {
  await openPage(page, '/en/?country=ES&topic=health-wellness#explorer');
  const explorer = page.locator('#explorer');
  await expect(explorer.getByLabel('Topic')).toHaveValue('wellness-active-living');
  await expect(explorer.locator('caption')).toContainText('Wellness and active living');
  // Its segment ids keep the code a seat knows (WELLNESS).
  await expect(explorer.getByText('SGM-ES-WELLNESS-CYCLING-ENTHUSIASTS', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?country=ES&topic=wellness-active-living#explorer$/);
});

test('sorts the lists by the collation of the language', async ({ page }) => {
  await openPage(page, '/de/');
  const countries = await page.locator('#explorer select[name="country"] option:not([value=""])').allTextContents();
  expect(countries).toEqual([...countries].sort(new Intl.Collator('de-DE').compare));
  expect(countries.indexOf('Österreich')).toBeLessThan(countries.indexOf('Polen'));
});

test('shows an error with a retry when the API fails, and the list after retrying', async ({ page }) => {
  let fail = true;
  await page.route(
    (url) => url.pathname === '/graphql',
    (route) => (fail ? route.abort() : route.continue()),
  );
  await openPage(page, '/?country=ES&topic=food-drink');
  const explorer = page.locator('#explorer');
  await expect(explorer.getByRole('alert')).toContainText('No hemos podido cargar las audiencias');
  fail = false;
  await explorer.getByRole('button', { name: 'Reintentar' }).click();
  await expect(explorer.locator('tbody tr').first()).toBeVisible();
});

test('loads no Apollo Client before the explorer or the form needs it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await openPage(page, '/legal/');
  await page.waitForLoadState('networkidle');
  const initial = await Promise.all(scripts.map(async (url) => (await (await page.request.get(url)).text()).includes('ApolloClient')));
  expect(initial.some(Boolean)).toBe(false);
});

test('keeps a choice made before the page became interactive, and shows its audiences', async ({ page }) => {
  // The page's scripts are held back until the visitor has chosen, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/', { waitUntil: 'domcontentloaded' });
  const explorer = page.locator('#explorer');
  await explorer.scrollIntoViewIfNeeded();
  await explorer.getByLabel('Country').selectOption({ label: 'Italy' });
  await explorer.getByLabel('Topic').selectOption({ label: 'Automotive' });
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
  release();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(explorer.locator('caption')).toContainText('Italy');
  await expect(explorer.getByLabel('Country')).toHaveValue('IT');
  await expect(page).toHaveURL(/\?country=IT&topic=automotive/);
});

test('the explorer and the form hydrate only when the visitor nears them or reaches into them', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // The explorer's panel and the form are chunks of their own, asked for only then.
  const chunks: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/(explorer|contact-form)-[0-9a-f]+\.js$/.exec(request.url())?.[1];
    if (chunk) chunks.push(chunk);
  });
  await openPage(page, '/en/');
  const explorer = page.locator('#explorer');
  const contact = page.locator('#contact');
  // The page has hydrated, the sections without a chunk of their own with it; the explorer and the form not yet.
  await expect.poll(() => isHydrated(page.locator('header > div > button'))).toBe(true);
  expect(await isHydrated(page.locator('#segmentia a').first())).toBe(true);
  expect(await isHydrated(page.locator('#categories a').first())).toBe(true);
  expect(await isHydrated(explorer.locator('select').first())).toBe(false);
  expect(await isHydrated(contact.locator('form'))).toBe(false);
  expect(chunks).toEqual([]);

  // Scrolled near: it hydrates.
  await explorer.evaluate((element) => element.scrollIntoView());
  await expect.poll(() => isHydrated(explorer.locator('select').first())).toBe(true);
  expect(await isHydrated(contact.locator('form'))).toBe(false);
  expect(chunks).toEqual(['explorer']);

  // Reached into with the keyboard, without scrolling there first: hydrated at once, and the field keeps its focus.
  await page.evaluate(() => window.scrollTo(0, 0));
  await contact.locator('input[name="agencyName"]').evaluate((input: HTMLInputElement) => input.focus({ preventScroll: true }));
  await expect.poll(() => isHydrated(contact.locator('form'))).toBe(true);
  await expect(contact.locator('input[name="agencyName"]')).toBeFocused();
  expect(chunks).toEqual(['explorer', 'contact-form']);
});

test(
  'the 404 page fetches the explorer’s panel once idle, with the home ' +
    'page it links to: following that link shows the panel on arrival',
  async ({ page }) => {
    const explorerChunk = page.waitForRequest(/\/explorer-[0-9a-f]+\.js$/, { timeout: 15_000 });
    await openPage(page, '/en/no-such-page/');
    // Gatsby prefetches the pages its visible links point to about 3 s after load: the button back to the home page.
    await explorerChunk;
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await page.locator('#explorer h2').waitFor();
    // In the same commit as its heading: never the panel's placeholder.
    expect(await page.locator('#explorer select[name="country"]').count()).toBe(1);
    await expect(page.locator('#explorer [aria-busy="true"].card')).toHaveCount(0);
    await page.locator('#explorer select[name="country"]').selectOption('DE');
    await page.locator('#explorer select[name="topic"]').selectOption('automotive');
    await expect(page.locator('#explorer caption')).toContainText('Germany');
  },
);

test('a page reached client-side opens at its #section: the home page from a legal page, at the form', async ({ page }) => {
  await openPage(page, '/en/legal/');
  // What Gatsby's Link and navigate() call.
  await page.evaluate(() => (window as unknown as { ___navigate(to: string): void }).___navigate('/en/#contact'));
  // The navigation waits for the home page's data and code, slower than 7 s at times on a loaded CI machine.
  await expect(page.locator('#contact h2')).toBeInViewport({ timeout: 15_000 });
  await expect(page.locator('#contact form')).toBeVisible();
});

test('an in-page link followed before the sections hydrate keeps every section, with no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await openPage(page, '/en/');
  // The browser scrolls to the #fragment; the sections hydrate as they come near, and none is rendered again.
  await page.getByRole('link', { name: 'Request demo access' }).click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.locator('#contact form')).toBeInViewport();
  await expect.poll(() => isHydrated(page.locator('#contact form'))).toBe(true);
  // Back to the top, and to the explorer: each section still there, hydrated when reached.
  await page.goBack();
  await page.getByRole('link', { name: 'Explore audiences' }).click();
  await expect.poll(() => isHydrated(page.locator('#explorer select').first())).toBe(true);
  for (const id of ['audiences', 'explorer', 'categories', 'omnichannel', 'contact'])
    await expect(page.locator(`#${id} h2`)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test(
  'searches a country’s audiences of every topic by name, by keyboard ' +
    'alone; a link reopens the search; a segment id copies, with a toast',
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openPage(page, '/en/#explorer');
    const explorer = page.locator('#explorer');
    const country = explorer.getByLabel('Country');
    await country.focus();
    await page.keyboard.type('Germany');
    await expect(country).toHaveValue('DE');
    await page.keyboard.press('Tab');
    await expect(explorer.getByLabel('Search audiences')).toBeFocused();
    await page.keyboard.type('motr');
    // Grouped by topic; a near miss still finds "Motorsport fans".
    await expect(explorer.getByText(/^\d+ audiences? in Germany match(es)? “motr”$/)).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=motr/);
    await expect(explorer.getByRole('table', { name: /^Automotive: \d+ audiences?$/ })).toBeVisible();
    const motorsport = explorer.getByRole('rowheader').filter({ hasText: 'Motorsport fans' });
    await expect(motorsport).toContainText('SGM-DE-AUTO-MOTORSPORT-FANS');
    await expect(motorsport).toContainText('Segmentia › Automotive › Motorsport fans');

    await motorsport.getByRole('button', { name: 'Copy the segment id SGM-DE-AUTO-MOTORSPORT-FANS' }).focus();
    await page.keyboard.press('Enter');
    await expect(motorsport.getByRole('status')).toHaveText('Segment id SGM-DE-AUTO-MOTORSPORT-FANS copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SGM-DE-AUTO-MOTORSPORT-FANS');

    // Choosing a topic leaves the search for that topic's list.
    await explorer.getByLabel('Topic').selectOption({ label: 'Travel and tourism' });
    await expect(explorer.getByLabel('Search audiences')).toHaveValue('');
    await expect(page).not.toHaveURL(/[?&]q=/);
  },
);

test('a search link reopens it, accents and case aside, with the English path beside the Spanish one', async ({ page }) => {
  await openPage(page, '/?country=ES&q=TECNOLOGICAS');
  const explorer = page.locator('#explorer');
  await expect(explorer.getByLabel('Buscar audiencias')).toHaveValue('TECNOLOGICAS');
  const row = explorer.getByRole('rowheader').filter({ hasText: 'Lectores de noticias tecnológicas' });
  await expect(row).toContainText('SGM-ES-TECH-TECH-NEWS-READERS');
  await expect(row.locator('[lang="en"]')).toHaveText(
    'Como se verá en The Trade Desk: Segmentia › Technology and telecom › Tech news readers',
  );
  // Nothing found says so, with the words.
  await explorer.getByLabel('Buscar audiencias').fill('zzqxj');
  await expect(explorer.getByText('Ninguna audiencia de España coincide con «zzqxj».')).toBeVisible();
});

test('downloads the audiences of the chosen country as CSV: ids, paths, topics and reach, headers in the language, its separator', async ({
  page,
}) => {
  await openPage(page, '/?country=DE&topic=automotive');
  const explorer = page.locator('#explorer');
  // Under the table, how the figures are made, and where the legal notice explains it.
  await expect(explorer.getByText(/^Alcance estimado con un modelo ilustrativo/)).toBeVisible();
  await expect(explorer.getByRole('link', { name: '«Cifras de audiencia» en el aviso legal' })).toHaveAttribute(
    'href',
    '/legal/#audience-estimates',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    explorer.getByRole('button', { name: 'Descargar las audiencias de Alemania (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^segmentia-audiences-de-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  const [note, header, first, ...rest] = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // The file says how its reach is made wherever it is passed on: its first line, before the headers.
  expect(note).toMatch(/^Alcance estimado con un modelo ilustrativo: .+ \(véase «Cifras de audiencia» en el aviso legal: /);
  expect(note).toMatch(/: http[^ ]+\/legal\/#audience-estimates\)\./);
  expect(header).toBe('Tema;Audiencia;ID de segmento;Ruta de taxonomía;Ruta de taxonomía (inglés);Alcance estimado (modelo)');
  expect(first).toMatch(
    new RegExp(
      '^Tecnología y telecomunicaciones;[^;]+;SGM-DE-TECH-[A-Z-]+;' +
        'Segmentia › Tecnología y telecomunicaciones › [^;]+;Segmentia › Technology and telecom › [^;]+;\\d+$',
    ),
  );
  expect(rest.some((line) => line.startsWith('Automoción;Aficionados al motor;SGM-DE-AUTO-MOTORSPORT-FANS;'))).toBe(true);

  // In English: commas.
  await openPage(page, '/en/?country=DE&topic=automotive');
  const [english] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#explorer').getByRole('button', { name: 'Download the audiences of Germany (CSV)' }).click(),
  ]);
  const [englishNote, englishHeader] = readFileSync(await english.path(), 'utf8').split('\r\n');
  expect(englishNote).toMatch(/^\uFEFF"?Estimated reach from an illustrative model: .+\/en\/legal\/#audience-estimates\)\. [^\r\n]+$/);
  expect(englishHeader).toBe('Topic,Audience,Segment id,Taxonomy path,Taxonomy path (English),Estimated reach (model)');
});

test('the coverage map picks a country in the explorer, by keyboard: each country a named link over the map, in the same box', async ({
  page,
}) => {
  await openPage(page, '/en/');
  const map = page.getByRole('group', { name: 'Pick a country on the map to see its audiences' });
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByRole('link')).toHaveCount(27);
  // Laid over the picture, scaled with it: nothing moves when it loads.
  const image = await page.getByRole('img', { name: 'Map of the 27 EMEA countries with available audiences' }).boundingBox();
  const overlay = await map.boundingBox();
  expect(overlay).toEqual(image);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // Near the map, the explorer hydrates: from then on its code takes the link in place (a slower machine pressed Enter
  // before, and the link loaded the page again, as it does without the explorer's code).
  const explorer = page.locator('#explorer');
  await expect.poll(() => isHydrated(explorer.locator('select').first())).toBe(true);
  const germany = map.getByRole('link', { name: 'Show the audiences of Germany' });
  await germany.focus();
  await page.keyboard.press('Enter');
  await expect(explorer.getByLabel('Country')).toHaveValue('DE');
  await expect(explorer.getByLabel('Country')).toBeFocused();
  await expect(page).toHaveURL(/[?&]country=DE/);
  // Picked in place, not by loading the page again.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Before the explorer's code has loaded, the link itself opens the explorer on the country.
  expect(await germany.getAttribute('href')).toBe('/en/?country=DE#explorer');
});

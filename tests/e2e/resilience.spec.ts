import { expect, test } from '@playwright/test';
import { openPage } from '../support/fixtures';

type Marked = Window & { segmentiaMarker?: number };

test('a new deployment turns the next internal navigation into a full page load', async ({ page, request }) => {
  test.setTimeout(120_000);
  const latest = (await (await request.get('/builds/latest.json')).json()) as { buildId: string; builtAt: string };
  expect(latest.buildId).toMatch(/^\d{14}-[0-9a-f]{8}$/);

  await openPage(page, '/');
  await page.evaluate(() => ((window as Marked).segmentiaMarker = 1));
  await page.locator('footer').getByRole('link', { name: 'Política de privacidad' }).click();
  // A client-side navigation waits for the next page's data and code: on a loaded CI machine (two test workers, the stack, the build's
  // server) that has taken over 15 s once; speed is the benchmarks' business, this test's is where the browser goes.
  await expect(page).toHaveURL(/\/privacy\/$/, { timeout: 30_000 });
  expect(await page.evaluate(() => (window as Marked).segmentiaMarker)).toBe(1); // client-side navigation

  await page.route('**/builds/latest.json', (route) =>
    route.fulfill({ json: { buildId: 'a-newer-build', builtAt: new Date().toISOString() } }),
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.locator('html[data-new-build="a-newer-build"]').waitFor({ state: 'attached' });
  // A full load: the browser itself asks for the page (a client-side navigation would not), and the new document has no marker.
  const fullLoad = page.waitForResponse(
    (response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/legal/',
  );
  const newDocument = page.waitForEvent('load');
  await page.locator('footer').getByRole('link', { name: 'Aviso legal y condiciones' }).click();
  await fullLoad;
  await newDocument;
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page).toHaveURL(/\/legal\/$/);
  expect(await page.evaluate(() => (window as Marked).segmentiaMarker)).toBeUndefined();
});

test('a chunk that fails to load reloads the page once, then shows the error instead of looping', async ({ page }) => {
  const initial = new Set<string>();
  page.on('request', (request) => request.resourceType() === 'script' && initial.add(request.url()));
  await openPage(page, '/');
  await page.waitForLoadState('networkidle');
  const known = new Set(initial);
  // Every script not loaded with the page (the cookie settings' chunk) is gone, as after a deployment.
  await page.route(/\.js$/, (route) => (known.has(route.request().url()) ? route.continue() : route.abort()));
  let loads = 0;
  page.on('load', () => loads++);
  // The error view logs the error only when it does not reload: after how many reloads it did so.
  let reloads = 0;
  page.on('request', (request) => request.isNavigationRequest() && request.frame() === page.mainFrame() && reloads++);
  const shownAfter: number[] = [];
  page.on('console', (message) => message.type() === 'error' && message.text().startsWith('Unexpected error') && shownAfter.push(reloads));

  // The visitor decided earlier (playwright.config): the cookie button reopens the settings.
  const openSettings = () => page.locator('[data-consent-control]').click();
  const reloaded = page.waitForEvent('load');
  await openSettings();
  await reloaded;
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  // The reloaded page fails the same way, and gives up reloading.
  await openSettings();
  await expect.poll(() => shownAfter).toEqual([1]);
  await expect(page.getByRole('heading', { level: 1, name: 'Error interno del servidor' })).toBeVisible();
  expect(loads).toBe(1);
});

test("a chunk's failure no caller catches reloads the page once, then not again: Gatsby's own reload has no guard", async ({ page }) => {
  const loads: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(new URL(frame.url()).pathname));
  // What a `void import(...)` without a catch leaves when its chunk cannot load: a rejection nobody handles.
  const failChunk = () =>
    page.evaluate(() => void Promise.reject(Object.assign(new Error('Loading chunk 999 failed.'), { name: 'ChunkLoadError' })));
  await openPage(page, '/');
  const reloaded = page.waitForEvent('load');
  await failChunk();
  await reloaded;
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  // Within 10 s of the reload: the guard keeps the page, and says so before Gatsby's runtime (which would open it again,
  // each time) could hear of the failure.
  await failChunk();
  await expect(page.locator('html')).toHaveAttribute('data-chunk-reload', 'kept');
  expect(loads).toEqual(['/', '/']);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the analytics client blocked (an extension, a removed chunk): the page stays, loaded once, and says why in the console', async ({
  page,
}) => {
  await page.route(/\/analytics-client-[0-9a-f]+\.js$/, (route) => route.abort());
  const loads: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && loads.push(new URL(frame.url()).pathname));
  const warned = page.waitForEvent('console', (message) => message.text().startsWith('Analytics could not be loaded'));
  // The visitor declined analytics (playwright.config): the page loads the client to make sure it is stopped.
  await openPage(page, '/');
  await warned;
  // A rejection left unhandled would be announced (unhandledrejection) in a task queued before this one, and the guard,
  // the first to hear it, would mark the page and reload it (as Gatsby's runtime would): the page has no mark.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(await page.locator('html').getAttribute('data-chunk-reload')).toBeNull();
  expect(loads).toEqual(['/']);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('an unexpected error while rendering', () => {
  // The explorer's countries broken in the page data, on a link that opens the explorer (it hydrates at once, and throws).
  const EXPLORER_LINK = '/?country=ES';
  const breakHomeData = async (page: import('@playwright/test').Page) =>
    // Gatsby asks for the page data with the page's query string.
    page.route(/\/page-data\/index\/page-data\.json(\?|$)/, async (route) => {
      const data = (await (await route.fetch()).json()) as { result: { data: Record<string, unknown> } };
      data.result.data.countries = { nodes: null };
      await route.fulfill({ json: data });
    });

  test('shows a person the localized error view', async ({ page }) => {
    await breakHomeData(page);
    await page.goto(EXPLORER_LINK);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('500');
    await expect(alert.getByRole('heading', { level: 1 })).toHaveText('Error interno del servidor');
    await expect(alert.getByRole('button', { name: 'Volver a cargar' })).toBeVisible();
  });

  test('keeps the content for a crawler', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    const page = await context.newPage();
    await breakHomeData(page);
    // The error boundary logs what it caught (for a crawler, instead of showing it): the moment the page could change.
    const caught = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().startsWith('Unexpected error'));
    await page.goto(EXPLORER_LINK);
    await caught;
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audiencias que llegan a quien importa, donde importa');
    await expect(page.getByText('Error interno del servidor')).toHaveCount(0);
    await context.close();
  });
});

// Over 300 lines on purpose: the consent tool as one visitor meets it (bar, settings, withdrawal, re-asking, GPC), one
// flow per test over the same fixtures; split, each file would repeat them.
import { expect, type Page, test } from '@playwright/test';
import { fillRequiredFields } from '../support/contact-form';
import { answerGoogleTags, isHydrated, openPage, queryDatabase } from '../support/fixtures';
import { API_URL, SITE_URL } from '@segmentia/tools/test-stack';
import { CONSENT_REVISION } from '../support/consent';
import { COOKIES, revisionOf } from '@segmentia/site/consent';

const ALL = 'consent~language~analytics~tag-manager';
/**
 * The configuration's revision: its ids, a hash of the cookies each sets and of the consent texts
 * (site/src/features/consent/config.ts).
 */
const REVISION = CONSENT_REVISION;
const cookieValue = async (page: Page, name: string) => (await page.context().cookies()).find((cookie) => cookie.name === name)?.value;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeEach(async ({ page }) => {
  await answerGoogleTags(page);
});

test('a fresh visit sets no cookie and contacts no host but the site and the API', async ({ page }) => {
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).origin));
  await openPage(page, '/');
  await page.locator('#explorer select[name="country"]').selectOption('ES');
  await page.locator('#explorer select[name="topic"]').selectOption('automotive');
  await expect(page.locator('#explorer tbody tr').first()).toBeVisible();
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect([...hosts].sort()).toEqual([new URL(API_URL).origin, SITE_URL].sort());
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.getByRole('region', { name: 'Tu privacidad' })).toBeVisible();
  // Consent Mode defaults are set before anything else, all denied.
  const first = await page.evaluate(() =>
    JSON.parse(JSON.stringify(Array.from((window as unknown as { dataLayer: unknown[][] }).dataLayer[0]!))),
  );
  expect(first).toEqual([
    'consent',
    'default',
    expect.objectContaining({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }),
  ]);
});

test('accept all stores the choice, loads the tag manager, is recorded, and the control button reopens the settings', async ({ page }) => {
  await openPage(page, '/en/');
  const consentId = () => page.evaluate(() => (JSON.parse(localStorage.getItem('segmentia-consent-id')!) as { id: string }).id);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByRole('region', { name: 'Your privacy' })).toBeHidden();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent'))!)).toBe(REVISION);
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe(ALL);
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  await expect
    .poll(async () => queryDatabase('SELECT enabled_ids, revision, locale FROM consent_record WHERE consent_id = $1', [await consentId()]))
    .toEqual([{ enabled_ids: ['analytics', 'consent', 'language', 'tag-manager'], revision: REVISION, locale: 'EN' }]);
  const control = page.locator('[data-consent-control]');
  await control.click();
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(control).toBeFocused();
});

test('decline keeps only the necessary cookies and loads nothing', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Rechazar' }).click();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe('consent~language');
  await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tu privacidad' })).toBeHidden();
});

test('a partial selection shows the unsaved notice until saved, with the keyboard alone', async ({ page }) => {
  await openPage(page, '/de/');
  await page.getByRole('button', { name: 'Einstellungen', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The bar gives way to the dialog while it is open.
  await expect(page.getByRole('region', { name: 'Ihre Privatsphäre' })).toBeHidden();
  const analytics = dialog.getByRole('switch', { name: /Google Analytics/ });
  await expect(dialog.getByRole('switch').first()).toBeDisabled();
  await analytics.focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('status')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('status')).toBeHidden();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: /speichern/i }).click();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe('consent~language~analytics');
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(0);
});

test('revoking removes the tag manager script and the cookies its patterns target', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Aceptar todas' }).click();
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  await page.evaluate(() => {
    document.cookie = '_gcl_au=1.1.123; Path=/';
    document.cookie = '_gcl_aw=GCL.1.abc; Path=/';
    document.cookie = '_ga_TEST=GS1.1; Path=/';
  });
  // A page opened afresh with the choice stored loads the tag manager again (a client-side navigation here
  // once stalled a whole 30 s test on a loaded CI machine).
  await openPage(page, '/cookies/');
  await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Cambiar mi elección de cookies' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['segmentia_consent', 'segmentia_consent_enabled']);
});

test("withdrawing analytics consent deletes Firebase Analytics' IndexedDB databases, and only those", async ({ page }) => {
  await openPage(page, '/en/');
  await page.getByRole('button', { name: 'Accept all' }).click();
  // Firebase's own (its support check adds and removes a database of another name while analytics starts).
  const names = () =>
    page.evaluate(async () =>
      (await indexedDB.databases())
        .map(({ name }) => name!)
        .filter((name) => name.startsWith('firebase'))
        .sort(),
    );
  // What Firebase Analytics leaves in a browser, and staff sign-in's own database.
  await page.evaluate(() =>
    Promise.all(
      ['firebase-heartbeat-database', 'firebase-installations-database', 'firebaseLocalStorageDb'].map(
        (name) =>
          new Promise((resolve, reject) => {
            const request = indexedDB.open(name);
            request.onsuccess = () => resolve(request.result.close());
            request.onerror = () => reject(request.error);
          }),
      ),
    ),
  );
  expect(await names()).toEqual(['firebase-heartbeat-database', 'firebase-installations-database', 'firebaseLocalStorageDb']);
  await page.locator('[data-consent-control]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject all' }).click();
  await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  // Firebase keeps its connections open while the page lives: the deletion asked for now is done at the latest
  // when the next page opens (without consent, before anything else can open them).
  await page.reload();
  await expect.poll(names).toEqual(['firebaseLocalStorageDb']);
});

/** The analytics events in the data layer (Consent Mode commands are not events). */
const events = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter(
        (entry): entry is { event: string } =>
          !!entry && typeof entry === 'object' && 'event' in entry && !String((entry as { event: string }).event).startsWith('gtm.'),
      )
      .map((entry) => JSON.parse(JSON.stringify(entry))),
  );

test('analytics events reach the data layer after consent, and never before', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('link', { name: 'Explora las audiencias' }).click();
  await page.locator('#explorer select[name="country"]').selectOption('ES');
  await page.locator('#explorer select[name="topic"]').selectOption('automotive');
  await expect(page.locator('#explorer tbody tr').first()).toBeVisible();
  // A scroll listener of the test's own, added after the site's: once it has seen the page's end, so has the site's.
  await page.evaluate(() =>
    window.addEventListener('scroll', () => {
      const root = document.documentElement;
      if (window.scrollY + window.innerHeight >= root.scrollHeight - 1) root.dataset.testScrolledToEnd = 'true';
    }),
  );
  // Sections hydrate and grow as they come into view: the wheel turns until the end stays reached.
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 20_000);
      return page.evaluate(() => document.documentElement.dataset.testScrolledToEnd === 'true');
    })
    .toBe(true);
  expect(await events(page)).toEqual([]);

  await page.getByRole('button', { name: 'Aceptar todas' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('link', { name: 'Explora las audiencias' }).click();
  await page.locator('#explorer select[name="country"]').selectOption('DE');
  await expect(page.locator('#explorer caption')).toContainText('Alemania');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(async () => (await events(page)).map((entry) => entry.event))
    .toEqual(expect.arrayContaining(['cta_click', 'product_view', 'scroll_depth']));
  const recorded = await events(page);
  expect(recorded).toContainEqual({ event: 'cta_click', cta_name: 'hero_explorer', location: '/' });
  expect(recorded).toContainEqual({ event: 'product_view', product_name: 'DE:automotive', product_category: 'automotive' });
  // Scrolling is smooth: the thresholds arrive one after the other.
  await expect
    .poll(async () => (await events(page)).filter((entry) => entry.event === 'scroll_depth').map((entry) => entry.scroll_percentage))
    .toEqual([25, 50, 75, 100]);

  const form = page.locator('#contact form');
  await fillRequiredFields(form, { email: `eventos.${Date.now()}@agencia.es`, agencyName: 'Agencia Eventos', contactName: 'Eva Ruiz' });
  await form.getByLabel('Transformación tecnológica').check();
  await form.getByRole('button', { name: 'Solicitar acceso' }).click();
  await expect(page.getByRole('heading', { name: 'Datos enviados' })).toBeVisible();
  const lead = (await events(page)).filter((entry) => /^form_|generate_lead|conversion/.test(entry.event));
  expect(lead).toEqual([
    { event: 'form_start', form_name: 'contact' },
    { event: 'form_submit', form_name: 'contact', interest: 'TECHNOLOGICAL_TRANSFORMATION', agency_type: 'MEDIA', locale: 'ES' },
    { event: 'form_success', form_name: 'contact' },
    { event: 'generate_lead', currency: 'EUR', value: 1 },
    { event: 'conversion', value: 1, conversion_type: 'contact_success' },
  ]);
});

test('the product video never plays by itself, and reports play and pause only after consent', async ({ page }) => {
  await openPage(page, '/fr/');
  const video = page.locator('#omnichannel video');
  // It hydrates with the page; its poster is set only as the visitor nears it.
  await expect.poll(() => isHydrated(video)).toBe(true);
  await expect(video).not.toHaveAttribute('poster');
  await video.scrollIntoViewIfNeeded();
  await expect(video).not.toHaveAttribute('autoplay');
  await expect(video).toHaveAttribute('poster', '/media/omnichannel-poster.jpg');
  const playThenPause = () =>
    video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      element.pause();
    });
  await playThenPause();
  expect(await events(page)).toEqual([]);
  await page.getByRole('button', { name: 'Tout accepter' }).click();
  await playThenPause();
  await expect
    .poll(() => events(page))
    .toEqual([
      { event: 'video_interaction', video_action: 'play', video_name: 'omnichannel' },
      { event: 'video_interaction', video_action: 'pause', video_name: 'omnichannel' },
    ]);
});

test(
  'the Global Privacy Control signal keeps marketing off without asking, says ' +
    'so in the bar and the settings, still offers analytics, and is recorded',
  async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    await openPage(page, '/en/');
    const consentId = () => page.evaluate(() => (JSON.parse(localStorage.getItem('segmentia-consent-id')!) as { id: string }).id);
    const bar = page.getByRole('region', { name: 'Your privacy' });
    await expect(bar.getByText('Your browser’s Global Privacy Control signal is respected: marketing cookies stay off.')).toBeVisible();
    await bar.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(dialog.getByRole('note')).toHaveText(
      'Your browser’s Global Privacy Control signal is respected: marketing cookies stay off.',
    );
    const marketing = dialog.getByRole('switch', { name: /Marketing/ });
    await expect(marketing).toBeDisabled();
    await expect(marketing).not.toBeChecked();
    await expect(dialog).toContainText('Off: your browser’s Global Privacy Control signal is respected');
    await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeEnabled();
    // Accept all: analytics yes, marketing no.
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent_enabled'))!)).toBe('consent~language~analytics');
    await expect(page.locator('script[data-consent-script="tag-manager"]')).toHaveCount(0);
    await expect
      .poll(async () => queryDatabase('SELECT enabled_ids, gpc FROM consent_record WHERE consent_id = $1', [await consentId()]))
      .toEqual([{ enabled_ids: ['analytics', 'consent', 'language'], gpc: true }]);
  },
);

test('without the signal, the bar says nothing of it', async ({ page }) => {
  await openPage(page, '/en/');
  await expect(page.getByRole('region', { name: 'Your privacy' })).toBeVisible();
  await expect(page.getByText('Your browser’s Global Privacy Control signal is respected: marketing cookies stay off.')).toBeHidden();
});

test('a decision made on other consent texts is asked again, and enables nothing meanwhile', async ({ page }) => {
  // The same cookies, decided on texts since changed (a purpose, a cookie row, a label): another digest in the revision.
  const url = new URL(SITE_URL);
  await page.context().addCookies(
    [
      ['segmentia_consent', revisionOf(COOKIES, 'texts-of-an-earlier-build')],
      ['segmentia_consent_enabled', ALL],
    ].map(([name, value]) => ({ name: name!, value: encodeURIComponent(value!), domain: url.hostname, path: '/' })),
  );
  await openPage(page, '/en/');
  await expect(page.getByRole('region', { name: 'Your privacy' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-consent-decided');
  await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reject all' }).click();
  expect(decodeURIComponent((await cookieValue(page, 'segmentia_consent'))!)).toBe(REVISION);
});

test("the footer's cookie settings open the dialog from the keyboard, and the cookies policy links help and the privacy center", async ({
  page,
}) => {
  await openPage(page, '/de/cookies/');
  const settings = page.locator('footer').getByRole('button', { name: 'Cookie-Einstellungen' });
  await expect.poll(() => isHydrated(settings)).toBe(true);
  await settings.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Alle ablehnen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();
  await expect(page.getByRole('link', { name: 'Google Chrome' })).toHaveAttribute('href', 'https://support.google.com/chrome/answer/95647');
  await expect(page.locator('#more-information').getByRole('link', { name: 'Datenschutzcenter', exact: true })).toHaveAttribute(
    'href',
    '/de/privacy-center/',
  );
  await expect(page.getByRole('row', { name: /_gcl_aw/ })).toContainText('90 Tage');
});

test('at 360 px the cookie control covers nothing of the footer’s last line, on the home page and a legal page', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openPage(page, '/');
  await page.getByRole('button', { name: 'Rechazar' }).click();
  for (const url of ['/', '/en/legal/']) {
    await openPage(page, url);
    const control = page.locator('[data-consent-control]');
    await expect(control).toBeVisible();
    // To the foot of the page, again once the sections that load as they near have loaded.
    const toBottom = () => page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await toBottom();
    await page.waitForLoadState('networkidle');
    await toBottom();
    const copyright = page.locator('footer p').last();
    await expect(copyright).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`footer-360${url.replace(/\W+/g, '-')}.png`) });
    const [button, line] = await Promise.all([control.boundingBox(), copyright.boundingBox()]);
    // The button's box (with its 6 px shadow's reach) stays below the line's.
    expect(button!.y - 6).toBeGreaterThanOrEqual(line!.y + line!.height);
  }
});

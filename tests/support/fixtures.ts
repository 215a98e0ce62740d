import type { Locator, Page, Route } from '@playwright/test';
import { Client } from 'pg';
import { FIREBASE_WEB_CONFIG } from '@segmentia/tools/test-stack';
import { testSetting } from '@segmentia/testing';

export const LOCALES = [
  { code: 'es', tag: 'es-ES', prefix: '' },
  { code: 'en', tag: 'en-US', prefix: '/en' },
  { code: 'de', tag: 'de-DE', prefix: '/de' },
  { code: 'it', tag: 'it-IT', prefix: '/it' },
  { code: 'fr', tag: 'fr-FR', prefix: '/fr' },
] as const;

/** The two screens every page is checked at: a small phone and a laptop. */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };

/** A query on the run's database (set by the global setup). */
export async function queryDatabase<T extends object>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: testSetting('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Answers, in place of Google (out of reach here), what the site's tags load
 * once a visitor consents: Tag Manager's and gtag's scripts (empty), Analytics'
 * collection, and Firebase Analytics' installation and web config. The page's
 * security policy still decides whether each may load. Returns the URLs answered.
 */
export async function answerGoogleTags(page: Page): Promise<string[]> {
  const answered: string[] = [];
  const answer = (route: Route, body: string | object) => {
    answered.push(route.request().url());
    return typeof body === 'string' ? route.fulfill({ body, contentType: 'text/javascript' }) : route.fulfill({ json: body });
  };
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//, (route) =>
    answer(route, ''),
  );
  await page.route('https://firebaseinstallations.googleapis.com/v1/projects/*/installations', (route) =>
    answer(route, {
      name: 'installations/test',
      fid: 'cTestInstallationId0000',
      refreshToken: 'test-refresh',
      authToken: { token: 'test-auth', expiresIn: '604800s' },
    }),
  );
  await page.route('https://firebase.googleapis.com/v1alpha/projects/-/apps/*/webConfig', (route) => {
    const appId = decodeURIComponent(route.request().url().split('/apps/')[1]!.split('/')[0]!);
    return answer(route, {
      projectId: FIREBASE_WEB_CONFIG.GATSBY_FIREBASE_PROJECT_ID,
      appId,
      measurementId: FIREBASE_WEB_CONFIG.GATSBY_FIREBASE_MEASUREMENT_ID,
    });
  });
  return answered;
}

/** Opens a page and waits until React has hydrated it, so that interactions reach its handlers. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Whether React has hydrated this element (it keeps its fiber on the DOM node): the home page's sections hydrate when the visitor nears
 * them.
 */
export function isHydrated(element: Locator): Promise<boolean> {
  return element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));
}

/**
 * Records every client-side navigation the site asks Gatsby for (its `navigate`, a Link, a redirect), from the
 * page's first script on, in each document the page loads; read them with `requestedNavigations`. Gatsby's
 * runtime sets `window.___navigate` (which `navigate` and Link call), `___push` and `___replace` as it starts.
 */
export async function recordNavigations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const requested: string[] = [];
    Object.defineProperty(window, '__requestedNavigations', { value: requested });
    for (const name of ['___navigate', '___push', '___replace']) {
      let current: unknown;
      Object.defineProperty(window, name, {
        configurable: true,
        get: () => current,
        set: (value: unknown) => {
          current =
            typeof value === 'function'
              ? (to: unknown, ...rest: unknown[]) => {
                  requested.push(String(to));
                  return (value as (...args: unknown[]) => unknown)(to, ...rest);
                }
              : value;
        },
      });
    }
  });
}

/** The navigations requested in the page's current document (see `recordNavigations`). */
export function requestedNavigations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __requestedNavigations?: string[] }).__requestedNavigations ?? ['(not recorded)']);
}

import type { Page } from '@playwright/test';
import type { JWK } from 'jose';
import { Client } from 'pg';
import { type TokenClaims, useTestIdentity } from '../../api/test/support/firebase-identity';

export const LOCALES = [
  { code: 'es', tag: 'es-ES', prefix: '' },
  { code: 'en', tag: 'en-US', prefix: '/en' },
  { code: 'de', tag: 'de-DE', prefix: '/de' },
  { code: 'it', tag: 'it-IT', prefix: '/it' },
  { code: 'fr', tag: 'fr-FR', prefix: '/fr' },
] as const;

/** A query on the run's database (set by the global setup). */
export async function queryDatabase<T extends object>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Opens a page and waits until React has hydrated it, so that interactions reach its handlers. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
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

/**
 * A Firebase ID token signed with this run's test key, which the API trusts
 * (see stack.ts): a sales account unless the claims say otherwise.
 */
export async function signToken(claims: Partial<TokenClaims> = {}): Promise<string> {
  const key = process.env.E2E_IDENTITY_KEY;
  if (!key) throw new Error('E2E_IDENTITY_KEY is set by the global setup');
  return (await useTestIdentity(JSON.parse(key) as JWK)).sign(claims);
}

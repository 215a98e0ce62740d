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
 * A Firebase ID token signed with this run's test key, which the API trusts
 * (see stack.ts): a sales account unless the claims say otherwise.
 */
export async function signToken(claims: Partial<TokenClaims> = {}): Promise<string> {
  const key = process.env.E2E_IDENTITY_KEY;
  if (!key) throw new Error('E2E_IDENTITY_KEY is set by the global setup');
  return (await useTestIdentity(JSON.parse(key) as JWK)).sign(claims);
}

import type { Page } from '@playwright/test';
import { Client } from 'pg';

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

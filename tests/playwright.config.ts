import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@segmentia/tools/test-stack';
import { SITE_URL } from '@segmentia/tools/test-stack';
import { decidedCookies } from './support/consent';

/**
 * Tests run as a visitor who has already declined the optional cookies, so
 * the consent bar stays out of their way; consent.spec.ts starts from nothing.
 */
// Today's revision (its ids, their cookies and the consent texts: site/src/features/consent/config.ts), derived as the build does.
const decided = decidedCookies('consent~language', new URL(SITE_URL).hostname);

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  // Room for a machine twice as slow as the one the tests were written on (their times: docs/benchmarks.md): a time limit
  // is not what these tests check.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: SITE_URL,
    locale: 'es-ES',
    storageState: { cookies: decided, origins: [] },
    // A failed test's trace: its actions, console and network. Without DOM snapshots and the screencast, which cost a
    // fifth of the suite's processor time (docs/benchmarks.md); the failure's screenshot is kept.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
});

/**
 * Staff accounts in the test stack's Firebase Auth emulator (the real one,
 * from firebase-tools): a test makes the account it signs in with, and the
 * staff page signs in against the emulator as it would against Firebase.
 *
 * Two cases the emulator cannot produce stay as route overrides, named so:
 * - `expiredTokens`: the emulator always issues tokens valid for an hour, and
 *   checks them itself, so the page keeps its real session and the token it
 *   sends the API is changed to one that expired a minute ago (unsigned, it is
 *   still a token the emulator could have issued);
 * - `blockGoogleSignIn`: Google sign-in loads Google's script
 *   (apis.google.com) even with the emulator, and the tests have no internet:
 *   the request is refused and recorded, so a test sees it was made.
 */
import type { Page } from '@playwright/test';
import { API_URL } from '@segmentia/tools/test-stack';
import { DEMO_PROJECT_ID } from '@segmentia/contracts/staff';
import { type EmulatorAccount, ensureAccount, signInWithPassword, testSetting } from '@segmentia/testing';

export interface TestAccount extends EmulatorAccount {
  /** Tokens that have expired (a route override: see above). */
  expiredTokens?: boolean;
}

/** The test stack's emulator (its global setup sets E2E_AUTH_EMULATOR_URL). */
export function authEmulator() {
  return { url: testSetting('e2eAuthEmulatorUrl'), projectId: DEMO_PROJECT_ID };
}

/** Makes the account in the emulator as given (a verified sales account unless it says otherwise). */
export const createAccount = (account: TestAccount) => ensureAccount(authEmulator(), { staff: true, ...account });

/** An ID token of the account, signed in through the emulator's REST API, for the API's staff calls. */
export async function accountToken(account: TestAccount): Promise<string> {
  await createAccount(account);
  return signInWithPassword(authEmulator(), account.email, account.password);
}

/** Disables the account: the emulator refuses to renew its session from now on. */
export const disableAccount = (account: TestAccount) => createAccount({ ...account, disabled: true });

const expire = (token: string) => {
  const [header, payload] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number>;
  const past = Math.floor(Date.now() / 1000) - 60;
  const changed = { ...claims, exp: past, iat: past - 3600, auth_time: past - 3600 };
  return `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.`;
};

/** Route override: every token this page sends the API has expired. */
export async function expiredTokens(page: Page): Promise<void> {
  await page.route(API_URL, (route) => {
    const headers = route.request().headers();
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    return route.continue(token ? { headers: { ...headers, authorization: `Bearer ${expire(token)}` } } : undefined);
  });
}

/** Google's hosts: what the sign-in page must not reach with the emulator (the tests have no internet). */
export const GOOGLE_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googleapis|google|gstatic|firebaseapp)\.com\//;

/** Route override: Google's hosts refused (the tests have no internet), each request recorded. */
export async function blockGoogleSignIn(page: Page): Promise<{ requested: string[] }> {
  const requested: string[] = [];
  await page.route(GOOGLE_HOSTS, (route) => {
    requested.push(`${route.request().method()} ${route.request().url()}`);
    return route.abort('blockedbyclient');
  });
  return { requested };
}

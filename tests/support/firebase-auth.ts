/**
 * Firebase Auth's REST endpoints, answered in the browser (the tests have no
 * internet): the web SDK's calls to identitytoolkit.googleapis.com
 * (signInWithPassword, lookup) and securetoken.googleapis.com (token
 * renewal) get what Firebase would answer, with ID tokens from signToken that
 * the test API trusts. Any other request to a Google host is refused and kept
 * in `unexpected`, so a test notices the SDK asking for something new.
 */
import type { Page, Route } from '@playwright/test';
import { TEST_PROJECT_ID, type TokenClaims } from '@segmentia/testing';
import { signToken } from './fixtures';

export interface FakeAccount {
  email: string;
  password: string;
  /** The account's tokens: a verified sales account unless these say otherwise. */
  claims?: Partial<Omit<TokenClaims, 'email'>>;
  /** What Firebase says a token lives, in seconds; under 30 the SDK renews it before every call. */
  expiresIn?: number;
  /** Renewing the token fails as for a session Firebase ended (TOKEN_EXPIRED). */
  renewalFails?: boolean;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' };
const GOOGLE_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(googleapis\.com|google\.com|gstatic\.com|firebaseapp\.com)\//;

const uidOf = (account: FakeAccount) => account.claims?.uid ?? `uid-${account.email.split('@')[0]}`;
const claimsOf = (account: FakeAccount): Partial<TokenClaims> => ({ ...account.claims, uid: uidOf(account), email: account.email });

/** Firebase's error body, e.g. INVALID_LOGIN_CREDENTIALS for a wrong password. */
const firebaseError = (route: Route, message: string) =>
  route.fulfill({
    status: 400,
    headers: CORS,
    json: { error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } },
  });

export async function fakeFirebaseAuth(page: Page, accounts: FakeAccount[]): Promise<{ unexpected: string[] }> {
  const unexpected: string[] = [];
  // Registered first, so it only sees what the routes below leave.
  await page.route(GOOGLE_HOSTS, (route) => {
    unexpected.push(`${route.request().method()} ${route.request().url()}`);
    console.warn(`Unexpected request to Google in a test: ${route.request().url()}`);
    return route.abort('blockedbyclient');
  });

  await page.route('https://identitytoolkit.googleapis.com/v1/accounts:*', async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const endpoint = new URL(route.request().url()).pathname.split(':').pop();
    const body = route.request().postDataJSON() as { email?: string; password?: string; idToken?: string };
    if (endpoint === 'signInWithPassword') {
      const account = accounts.find((candidate) => candidate.email === body.email?.toLowerCase() && candidate.password === body.password);
      if (!account) return firebaseError(route, 'INVALID_LOGIN_CREDENTIALS');
      return route.fulfill({
        headers: CORS,
        json: {
          kind: 'identitytoolkit#VerifyPasswordResponse',
          localId: uidOf(account),
          email: account.email,
          displayName: '',
          idToken: await signToken(claimsOf(account)),
          registered: true,
          refreshToken: `refresh-${uidOf(account)}`,
          expiresIn: String(account.expiresIn ?? 3600),
        },
      });
    }
    if (endpoint === 'lookup') {
      const { sub } = JSON.parse(Buffer.from(body.idToken?.split('.')[1] ?? '', 'base64url').toString() || '{}') as { sub?: string };
      const account = accounts.find((candidate) => uidOf(candidate) === sub);
      if (!account) return firebaseError(route, 'INVALID_ID_TOKEN');
      const now = Date.now();
      return route.fulfill({
        headers: CORS,
        json: {
          kind: 'identitytoolkit#GetAccountInfoResponse',
          users: [
            {
              localId: uidOf(account),
              email: account.email,
              emailVerified: account.claims?.emailVerified ?? true,
              providerUserInfo: [{ providerId: 'password', email: account.email, federatedId: account.email, rawId: account.email }],
              passwordUpdatedAt: now,
              validSince: String(Math.floor(now / 1000) - 60),
              lastLoginAt: String(now),
              createdAt: String(now - 86_400_000),
              lastRefreshAt: new Date(now).toISOString(),
            },
          ],
        },
      });
    }
    unexpected.push(`${route.request().method()} ${route.request().url()}`);
    return firebaseError(route, 'OPERATION_NOT_ALLOWED');
  });

  await page.route('https://securetoken.googleapis.com/v1/token*', async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const refreshToken = new URLSearchParams(route.request().postData() ?? '').get('refresh_token');
    const account = accounts.find((candidate) => `refresh-${uidOf(candidate)}` === refreshToken);
    if (!account || account.renewalFails) return firebaseError(route, 'TOKEN_EXPIRED');
    const idToken = await signToken(claimsOf(account));
    return route.fulfill({
      headers: CORS,
      json: {
        access_token: idToken,
        expires_in: String(account.expiresIn ?? 3600),
        token_type: 'Bearer',
        refresh_token: refreshToken,
        id_token: idToken,
        user_id: uidOf(account),
        project_id: TEST_PROJECT_ID,
      },
    });
  });
  return { unexpected };
}

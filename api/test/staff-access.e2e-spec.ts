/**
 * Who reaches the leads, over HTTP: a forged unsigned token never (every configuration the API starts with outside
 * the local demo), and, against Firebase's own Auth emulator with the Admin SDK, a revoked, denied or disabled
 * account no longer (its old ID token within STAFF_ACCOUNT_CHECK_SECONDS, its new one FORBIDDEN).
 */
import { UnsecuredJWT } from 'jose';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { DEMO_PROJECT_ID } from '@segmentia/contracts/staff';
import { type EmulatorAddress, ensureAccount, signInWithPassword, testSetting, until } from '@segmentia/testing';
import { loadConfig } from '../src/common/config/app-config';
import { listStaff, setStaffRole } from '../src/leads/auth/staff-role';
import { startTestApi, type TestApi } from './support/api';

const LEADS = 'query { leads(first: 1) { totalCount } }';

interface Answer {
  errors?: { extensions: { code: string; reason?: string } }[];
}

/** What the API answers `token` asking for the leads: OK, or the error's code (and reason). */
async function leadsAs(api: TestApi, token: string): Promise<string> {
  const { body } = await api.graphql<{ leads: unknown }>(LEADS, {}, { authorization: `Bearer ${token}` });
  const error = (body as Answer).errors?.[0]?.extensions;
  return error ? [error.code, error.reason].filter(Boolean).join(' ') : 'OK';
}

/** A token anybody can write: unsigned, for the sales role, as the Auth emulator issues them. */
function forgedToken(projectId: string): string {
  const now = Math.floor(Date.now() / 1000);
  return new UnsecuredJWT({
    email: 'intruso@segmentia.es',
    email_verified: true,
    role: 'sales',
    auth_time: now - 60,
    firebase: { sign_in_provider: 'password' },
  })
    .setIssuer(`https://securetoken.google.com/${projectId}`)
    .setAudience(projectId)
    .setSubject('intruso')
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 3000)
    .encode();
}

describe('an unsigned token with the sales role', () => {
  const demo = { HOST: '127.0.0.1', FIREBASE_PROJECT_ID: DEMO_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

  it('cannot start an API that takes it outside the local demo (loadConfig refuses the emulator there)', () => {
    for (const outside of [
      { NODE_ENV: 'production' },
      { FIREBASE_PROJECT_ID: 'segmentia-prod' },
      { FIREBASE_AUTH_EMULATOR_HOST: '192.168.1.20:9099' },
      { HOST: '0.0.0.0' },
    ]) {
      expect(() => loadConfig({ DATABASE_URL: testSetting('databaseUrl'), NODE_ENV: 'test', ...demo, ...outside })).toThrow(
        /FIREBASE_AUTH_EMULATOR_HOST/,
      );
    }
  });

  // Every way the API starts without the emulator: no project, a real one (development, test, production), a demo- one.
  it.each([
    ['no Firebase project', { NODE_ENV: 'development' }, 'segmentia-prod', 'UNAUTHENTICATED notConfigured'],
    [
      'a real project in development, on every address',
      { NODE_ENV: 'development', HOST: '0.0.0.0', FIREBASE_PROJECT_ID: 'segmentia-prod' },
    ],
    ['a real project in test', { FIREBASE_PROJECT_ID: 'segmentia-prod' }],
    ['a real project in production', { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'segmentia-prod' }],
    ['a demo- project without the emulator', { HOST: '127.0.0.1', FIREBASE_PROJECT_ID: DEMO_PROJECT_ID }, DEMO_PROJECT_ID],
    ['a demo- project in production', { NODE_ENV: 'production', FIREBASE_PROJECT_ID: DEMO_PROJECT_ID }, DEMO_PROJECT_ID],
  ] as [string, Record<string, string>, string?, string?][])(
    'is UNAUTHENTICATED with %s',
    async (_name, settings, projectId = 'segmentia-prod', expected = 'UNAUTHENTICATED invalid') => {
      const api = await startTestApi(settings);
      try {
        expect(await leadsAs(api, forgedToken(projectId))).toBe(expected);
      } finally {
        await api.close();
      }
    },
  );
});

describe('revoked, denied and disabled accounts, against the Auth emulator', () => {
  // Started for the run by the API tests' global setup (tools/src/dev/api-tests/global-setup.ts).
  const emulatorHost = testSetting('authEmulatorHost');
  const emulator: EmulatorAddress = { url: `http://${emulatorHost}`, projectId: DEMO_PROJECT_ID };
  /** Short, so the test waits little: the API looks at an account again after this long. */
  const CHECK_SECONDS = 2;
  let api: TestApi;
  let auth: Auth;
  const mark = Date.now().toString(36);
  const rules = { STAFF_EMAIL_DOMAINS: ['segmentia.es'], STAFF_SIGN_IN_PROVIDERS: ['google.com', 'password'] };

  beforeAll(async () => {
    api = await startTestApi({
      HOST: '127.0.0.1',
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      STAFF_EMAIL_DOMAINS: rules.STAFF_EMAIL_DOMAINS.join(','),
      STAFF_ACCOUNT_CHECK_SECONDS: String(CHECK_SECONDS),
    });
    // `npm run staff`'s calls, through the Admin SDK on the emulator, which it reads from the environment (as the API does).
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    auth = getAuth(initializeApp({ projectId: DEMO_PROJECT_ID }, 'staff-command'));
  }, 90_000);
  afterAll(async () => {
    await api?.close();
    if (auth) await deleteApp(auth.app);
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  const account = (name: string, staff: boolean) => ({ email: `${name}-${mark}@segmentia.es`, password: 'clave-2026', staff });
  const signIn = (user: { email: string; password: string }) => signInWithPassword(emulator, user.email, user.password);
  /** Sessions are ended for tokens signed in before the revocation's second: wait for the next one. */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));
  /** Waits until the old token is refused; how long it took, in seconds. */
  async function refusedWithin(token: string, expected: string): Promise<number> {
    const since = Date.now();
    await until(`the old token is ${expected}`, async () => (await leadsAs(api, token)) === expected, {
      timeoutMs: (CHECK_SECONDS + 3) * 1000,
      intervalMs: 200,
    });
    return (Date.now() - since) / 1000;
  }

  it("refuses a revoked sales account's old ID token within the period, and its new one", async () => {
    const ana = account('ana', true);
    await ensureAccount(emulator, ana);
    const token = await signIn(ana);
    expect(await leadsAs(api, token)).toBe('OK');
    await nextSecond();
    await setStaffRole(auth, ana.email, false);
    expect(await refusedWithin(token, 'UNAUTHENTICATED revoked')).toBeLessThanOrEqual(CHECK_SECONDS + 1);
    expect(await leadsAs(api, await signIn(ana))).toBe('FORBIDDEN');
  });

  it("refuses a disabled account's old ID token within the period", async () => {
    const leo = account('leo', true);
    await ensureAccount(emulator, leo);
    const token = await signIn(leo);
    expect(await leadsAs(api, token)).toBe('OK');
    await ensureAccount(emulator, { ...leo, disabled: true });
    expect(await refusedWithin(token, 'UNAUTHENTICATED revoked')).toBeLessThanOrEqual(CHECK_SECONDS + 1);
  });

  it('shuts out a STAFF_EMAIL_DOMAINS account on revoke (the deny beats the domain), lists it, and lets it in again on grant', async () => {
    const marta = account('marta', false);
    await ensureAccount(emulator, marta);
    const token = await signIn(marta);
    expect(await leadsAs(api, token)).toBe('OK');
    expect(await listStaff(auth, rules)).toContainEqual({ email: marta.email, why: 'domain', disabled: false });

    await nextSecond();
    await setStaffRole(auth, marta.email, false);
    expect(await listStaff(auth, rules)).toContainEqual({ email: marta.email, why: 'denied', disabled: false });
    expect(await refusedWithin(token, 'UNAUTHENTICATED revoked')).toBeLessThanOrEqual(CHECK_SECONDS + 1);
    // Signed in again: a valid token of a verified address of the domain, with the deny claim.
    expect(await leadsAs(api, await signIn(marta))).toBe('FORBIDDEN');

    await setStaffRole(auth, marta.email, true);
    expect(await listStaff(auth, rules)).toContainEqual({ email: marta.email, why: 'role', disabled: false });
    expect(await leadsAs(api, await signIn(marta))).toBe('OK');
  });

  it('refuses a sales account signed in another way than STAFF_SIGN_IN_PROVIDERS (a custom token)', async () => {
    const eva = account('eva', true);
    const uid = await ensureAccount(emulator, eva);
    const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=emulator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await auth.createCustomToken(uid), returnSecureToken: true }),
    });
    const { idToken } = (await response.json()) as { idToken: string };
    expect(await leadsAs(api, idToken)).toBe('FORBIDDEN');
    expect(await leadsAs(api, await signIn(eva))).toBe('OK');
  });
});

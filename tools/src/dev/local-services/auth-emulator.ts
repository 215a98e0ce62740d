/**
 * Firebase's own Authentication emulator (npm firebase-tools, `emulators:start
 * --only auth`: Node.js only, no Java, no network, no UI), for staff sign-in
 * on a machine without a Firebase project: `npm start` and the browser tests
 * run it. Its accounts live as long as it runs; its tokens are unsigned, which
 * the API accepts only with FIREBASE_AUTH_EMULATOR_HOST outside production.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PROJECT_ID, STAFF_ROLE } from '@segmentia/api/src/leads/auth/staff-role';
import { launch, waitFor } from '../managed-process';

export { DEMO_PROJECT_ID };

export interface AuthEmulatorPorts {
  /** The emulator's own port (FIREBASE_AUTH_EMULATOR_HOST). */
  auth: number;
  /** Its hub's and its logging's ports, which firebase-tools always opens. */
  hub: number;
  logging: number;
}

export interface AuthEmulator {
  projectId: string;
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  /** http://host:port, as the web SDK's connectAuthEmulator takes it. */
  url: string;
  stop(): Promise<void>;
}

/** The emulator's address on this machine, from its port: as the API (host) and the web SDK (url) take it. */
export function emulatorAddress(port: number): Pick<AuthEmulator, 'host' | 'url'> {
  const host = `127.0.0.1:${port}`;
  return { host, url: `http://${host}` };
}

export interface EmulatorAccount {
  email: string;
  password: string;
  /** The staff role (`role: "sales"`), as `npm run staff -- grant` sets it. */
  staff?: boolean;
  /** Verified unless false, as staff accounts must be. */
  emailVerified?: boolean;
  uid?: string;
  /** Other custom claims, kept beside the role. */
  claims?: Record<string, string>;
  /** A disabled account: its sign-in and its token renewals are refused. */
  disabled?: boolean;
}

/** What the emulator's REST API needs: its address and project. */
export type EmulatorAddress = Pick<AuthEmulator, 'url' | 'projectId'>;

const FIREBASE_CLI = require.resolve('firebase-tools/lib/bin/firebase.js');

export async function startAuthEmulator(ports: AuthEmulatorPorts, projectId = DEMO_PROJECT_ID): Promise<AuthEmulator> {
  // firebase-tools reads firebase.json from its working folder and writes its debug log there.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-auth-emulator-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(folder, 'firebase.json'), JSON.stringify(config));
  const logFile = path.join(folder, 'emulator.log');
  const emulator = launch(
    'the Firebase Auth emulator',
    process.execPath,
    [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', projectId],
    logFile,
    // No update check, no usage report: the machine may have no network at all.
    { ...process.env, CI: 'true', FIREBASE_CLI_EXPERIMENTS: '', NO_UPDATE_NOTIFIER: '1' },
    folder,
  );
  const { host, url } = emulatorAddress(ports.auth);
  const stop = async () => {
    await emulator.stop('SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor('the Firebase Auth emulator', async () => (await fetch(url)).ok, 60_000, emulator);
  } catch (error) {
    await stop();
    throw error;
  }
  return { projectId, host, url, stop };
}

/** The emulator's REST API as an administrator ("Bearer owner" is the emulator's admin credential). */
async function admin(emulator: EmulatorAddress, method: string, pathname: string, body?: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/${pathname}`, {
    method,
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown> & { error?: { message?: string } };
  if (!response.ok) throw new Error(`The Auth emulator refused ${pathname}: ${answer.error?.message ?? response.status}`);
  return answer;
}

/** The account's uid: the existing one, or that of the account created now. */
async function accountId(emulator: EmulatorAddress, account: EmulatorAccount): Promise<string> {
  const lookUp = async () =>
    ((await admin(emulator, 'POST', 'accounts:lookup', { email: [account.email] })) as { users?: { localId: string }[] }).users?.[0]
      ?.localId;
  const known = await lookUp();
  if (known) return known;
  try {
    return (await admin(emulator, 'POST', 'accounts', { email: account.email, password: account.password, localId: account.uid }))
      .localId as string;
  } catch (error) {
    // Another caller (a test in another worker) created it between the lookup and here.
    const madeMeanwhile = /EMAIL_EXISTS/.test(String(error)) ? await lookUp() : undefined;
    if (!madeMeanwhile) throw error;
    return madeMeanwhile;
  }
}

/** Creates the account, or sets its role, claims and state as given when its email exists already; returns its uid. */
export async function ensureAccount(emulator: EmulatorAddress, account: EmulatorAccount): Promise<string> {
  const uid = await accountId(emulator, account);
  // Claims are set by an update (as the Admin SDK's setCustomUserClaims does): account creation ignores them.
  // The password is not set again: a password change ends the account's sessions (the tests share accounts).
  await admin(emulator, 'POST', 'accounts:update', {
    localId: uid,
    emailVerified: account.emailVerified ?? true,
    customAttributes: JSON.stringify({ ...account.claims, ...(account.staff ? { role: STAFF_ROLE } : {}) }),
    disableUser: account.disabled ?? false,
  });
  return uid;
}

/** The account's custom claims, as the emulator holds them. */
export async function claimsOf(emulator: EmulatorAddress, email: string): Promise<Record<string, unknown>> {
  const found = (await admin(emulator, 'POST', 'accounts:lookup', { email: [email] })) as { users?: { customAttributes?: string }[] };
  return JSON.parse(found.users?.[0]?.customAttributes ?? '{}') as Record<string, unknown>;
}

/** Signs in as a browser would; the account's ID token. */
export async function signInWithPassword(emulator: EmulatorAddress, email: string, password: string): Promise<string> {
  const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const answer = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!answer.idToken) throw new Error(`The Auth emulator refused the sign-in of ${email}: ${answer.error?.message ?? response.status}`);
  return answer.idToken;
}

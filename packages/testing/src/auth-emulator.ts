/**
 * Firebase's Auth emulator over its REST API, as the tests and `npm start` use it: accounts with the staff role and
 * claims as `npm run staff` sets them, and a sign-in as a browser makes it.
 */
import { STAFF_ROLE } from '@segmentia/contracts/staff';

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
export interface EmulatorAddress {
  /** http://host:port */
  url: string;
  projectId: string;
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

import { DEMO_PROJECT_ID, STAFF_ROLE } from '@segmentia/contracts/staff';
import type { Auth, UserRecord } from 'firebase-admin/auth';

export { DEMO_PROJECT_ID, STAFF_ROLE };

/**
 * The custom claim that shuts an account out whatever its role or its
 * address's domain: `staff: false`, set by `npm run staff -- revoke`, cleared
 * by `grant`.
 */
export const DENY_CLAIM = 'staff';

/** The Firebase Auth emulator's default address, which `npm start` runs without a Firebase project. */
export const DEFAULT_AUTH_EMULATOR_PORT = 9099;
export const DEFAULT_AUTH_EMULATOR_HOST = `127.0.0.1:${DEFAULT_AUTH_EMULATOR_PORT}`;

/** The settings that decide who is staff (AppConfig's). */
export interface StaffRules {
  STAFF_EMAIL_DOMAINS: string[];
  STAFF_SIGN_IN_PROVIDERS: string[];
}

/** An account as StaffGuard sees it (from its ID token) or `npm run staff -- list` (from Firebase). */
export interface StaffCandidate {
  email?: string;
  emailVerified: boolean;
  claims: Record<string, unknown>;
  /** How the token's session signed in (`firebase.sign_in_provider`); unknown for an account listed. */
  signInProvider?: string;
}

/** Whether an account is staff, and why. */
export type StaffAccess = { staff: true; why: 'role' | 'domain' } | { staff: false; why: 'denied' | 'provider' | 'none' };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether the address is of a STAFF_EMAIL_DOMAINS domain. */
export const inStaffDomain = (email: string, rules: Pick<StaffRules, 'STAFF_EMAIL_DOMAINS'>) =>
  rules.STAFF_EMAIL_DOMAINS.some((domain) => domain.toLowerCase() === domainOf(email));

/**
 * Who is staff: never an account with the deny claim or (for a token) signed
 * in another way than STAFF_SIGN_IN_PROVIDERS; then an account with the role,
 * or a verified address of STAFF_EMAIL_DOMAINS.
 */
export function staffAccess(account: StaffCandidate, rules: StaffRules): StaffAccess {
  if (account.claims[DENY_CLAIM] === false) return { staff: false, why: 'denied' };
  if (account.signInProvider !== undefined && !rules.STAFF_SIGN_IN_PROVIDERS.includes(account.signInProvider)) {
    return { staff: false, why: 'provider' };
  }
  if (account.claims.role === STAFF_ROLE) return { staff: true, why: 'role' };
  if (account.email && account.emailVerified && inStaffDomain(account.email, rules)) return { staff: true, why: 'domain' };
  return { staff: false, why: 'none' };
}

export interface RoleChange {
  uid: string;
  email: string;
  /** Whether the account now has the staff role (grant), or the deny claim (revoke: false). */
  staff: boolean;
  /** False when the account's claims already were as asked (revoke still ends its sessions). */
  changed: boolean;
}

/**
 * `grant`: the role `role: "sales"`, and no deny claim. `revoke`: the deny
 * claim and no role, and always the end of the account's sessions (its
 * refresh tokens stop working; the API refuses its ID tokens once it looks at
 * the account again, STAFF_ACCOUNT_CHECK_SECONDS). The other claims are kept.
 */
export async function setStaffRole(auth: Auth, email: string, staff: boolean): Promise<RoleChange> {
  const user = await auth.getUserByEmail(email);
  const { role, [DENY_CLAIM]: deny, ...others } = user.customClaims ?? {};
  const changed = staff ? role !== STAFF_ROLE || deny !== undefined : role !== undefined || deny !== false;
  if (changed) await auth.setCustomUserClaims(user.uid, staff ? { ...others, role: STAFF_ROLE } : { ...others, [DENY_CLAIM]: false });
  // A domain account, or one whose claims were already gone, may still hold a session: end it whatever changed.
  if (!staff) await auth.revokeRefreshTokens(user.uid);
  return { uid: user.uid, email: user.email ?? email, staff, changed };
}

export interface StaffListing {
  email: string;
  /** role or domain: reads leads; denied: shut out by `revoke` (shown, as a domain account otherwise would be). */
  why: 'role' | 'domain' | 'denied';
  disabled: boolean;
}

/** The accounts with access (by role or by domain) and the ones denied, by email. */
export async function listStaff(auth: Auth, rules: StaffRules): Promise<StaffListing[]> {
  const listed: StaffListing[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      const access = staffAccess(candidateOf(user), rules);
      if (access.staff || access.why === 'denied') {
        listed.push({ email: user.email ?? user.uid, why: access.why as StaffListing['why'], disabled: user.disabled });
      }
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return listed.sort((a, b) => a.email.localeCompare(b.email));
}

const candidateOf = (user: UserRecord): StaffCandidate => ({
  email: user.email,
  emailVerified: user.emailVerified,
  claims: user.customClaims ?? {},
});

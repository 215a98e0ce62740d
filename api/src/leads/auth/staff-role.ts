import type { Auth } from 'firebase-admin/auth';

export const STAFF_ROLE = 'sales';

/**
 * The Firebase Auth emulator `npm start` runs without a Firebase project: its
 * project id (a "demo-" id reaches no Google service) and its default address.
 */
export const DEMO_PROJECT_ID = 'demo-segmentia';
export const DEFAULT_AUTH_EMULATOR_PORT = 9099;
export const DEFAULT_AUTH_EMULATOR_HOST = `127.0.0.1:${DEFAULT_AUTH_EMULATOR_PORT}`;

export interface RoleChange {
  uid: string;
  email: string;
  /** Whether the account now has the staff role. */
  staff: boolean;
  /** False when the account already was as asked. */
  changed: boolean;
}

/**
 * Grants or revokes the custom claim `role: "sales"` that makes a Firebase
 * account staff (see StaffGuard), keeping the account's other claims. A
 * revoked account's sessions are ended: its refresh tokens stop working, and
 * an ID token it still holds expires within the hour.
 */
export async function setStaffRole(auth: Auth, email: string, staff: boolean): Promise<RoleChange> {
  const user = await auth.getUserByEmail(email);
  const { role, ...others } = user.customClaims ?? {};
  const changed = (role === STAFF_ROLE) !== staff;
  if (changed) {
    await auth.setCustomUserClaims(user.uid, staff ? { ...others, role: STAFF_ROLE } : others);
    if (!staff) await auth.revokeRefreshTokens(user.uid);
  }
  return { uid: user.uid, email: user.email ?? email, staff, changed };
}

/** Every account with the staff role, by email. */
export async function listStaff(auth: Auth): Promise<string[]> {
  const emails: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) if (user.customClaims?.role === STAFF_ROLE) emails.push(user.email ?? user.uid);
    pageToken = page.pageToken;
  } while (pageToken);
  return emails.sort();
}

/**
 * Who may read leads: grants the `role: "sales"` claim on a Firebase account
 * (clearing a deny), revokes it (the deny claim `staff: false`, which also
 * shuts out a STAFF_EMAIL_DOMAINS account, and the end of its sessions), or
 * lists who has access and why (role or domain, and the accounts denied).
 *   npm run staff -- grant ana@segmentia.es
 *   npm run staff -- revoke ana@segmentia.es
 *   npm run staff -- list
 * `list` reads STAFF_EMAIL_DOMAINS as the API does (the environment or .env).
 * Needs FIREBASE_PROJECT_ID and a service account's key file in
 * GOOGLE_APPLICATION_CREDENTIALS (Firebase console > Project settings >
 * Service accounts), or FIREBASE_AUTH_EMULATOR_HOST for the Auth emulator.
 * With neither set, it acts on the emulator of a running `npm start`.
 */
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { loadEnvFile } from '../src/common/config/env-file';
import { toList } from '../src/common/config/settings';
import { DEFAULT_AUTH_EMULATOR_HOST, DEMO_PROJECT_ID, inStaffDomain, listStaff, setStaffRole } from '../src/leads/auth/staff-role';

const USAGE = 'Usage: npm run staff -- grant <email> | revoke <email> | list';

async function main(): Promise<void> {
  loadEnvFile();
  const [command, email] = process.argv.slice(2);
  if (!process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    // No project named: the Auth emulator `npm start` runs without one.
    process.env.FIREBASE_PROJECT_ID = DEMO_PROJECT_ID;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = DEFAULT_AUTH_EMULATOR_HOST;
    console.log(`No FIREBASE_PROJECT_ID: acting on npm start's Auth emulator (${DEFAULT_AUTH_EMULATOR_HOST}).`);
  }
  const projectId = process.env.FIREBASE_PROJECT_ID;
  if (!projectId) throw new Error('Set FIREBASE_PROJECT_ID to the Firebase project of the staff accounts');
  const emulated = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
  const auth = getAuth(initializeApp(emulated ? { projectId } : { projectId, credential: applicationDefault() }));

  const rules = { STAFF_EMAIL_DOMAINS: toList({ value: process.env.STAFF_EMAIL_DOMAINS ?? '' }) as string[], STAFF_SIGN_IN_PROVIDERS: [] };
  if (command === 'list') {
    const listed = await listStaff(auth, rules);
    const why = { role: 'reads leads: sales role', domain: 'reads leads: STAFF_EMAIL_DOMAINS', denied: 'denied: revoked' };
    const lines = listed.map((account) => `${account.email}  ${why[account.why]}${account.disabled ? ' (account disabled)' : ''}`);
    console.log(lines.length ? lines.join('\n') : 'No account has the sales role or an address of STAFF_EMAIL_DOMAINS.');
  } else if ((command === 'grant' || command === 'revoke') && email) {
    const change = await setStaffRole(auth, email, command === 'grant');
    if (change.staff) {
      console.log(`${change.email} ${change.changed ? 'now' : 'already'} is sales staff: it can read leads.`);
      if (change.changed) console.log('The claim applies from the next sign-in, or within the hour when the session refreshes its token.');
    } else {
      const domain = inStaffDomain(change.email, rules) ? ' (its STAFF_EMAIL_DOMAINS address no longer counts)' : '';
      console.log(
        `${change.email} ${change.changed ? 'now' : 'already'} is denied${domain}: its sessions are ended, and the API ` +
          'refuses its tokens within STAFF_ACCOUNT_CHECK_SECONDS (5 minutes unless set).',
      );
    }
  } else {
    throw new Error(USAGE);
  }
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'auth/user-not-found'
      ? `No Firebase account has that email (${process.argv[3]}).`
      : code === 'app/network-error' && process.env.FIREBASE_AUTH_EMULATOR_HOST
        ? `The Auth emulator does not answer at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}: is npm start running?`
        : error instanceof Error
          ? error.message
          : error,
  );
  process.exitCode = 1;
});

/**
 * Who may read leads: grants or revokes the `role: "sales"` claim on a
 * Firebase account, or lists the staff.
 *   npm run staff -- grant ana@segmentia.es
 *   npm run staff -- revoke ana@segmentia.es
 *   npm run staff -- list
 * Needs FIREBASE_PROJECT_ID and a service account's key file in
 * GOOGLE_APPLICATION_CREDENTIALS (Firebase console > Project settings >
 * Service accounts), or FIREBASE_AUTH_EMULATOR_HOST for the Auth emulator.
 * With neither set, it acts on the emulator of a running `npm start`.
 */
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { loadEnvFile } from '../src/common/config/env-file';
import { DEFAULT_AUTH_EMULATOR_HOST, DEMO_PROJECT_ID, listStaff, setStaffRole } from '../src/leads/auth/staff-role';

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

  if (command === 'list') {
    const staff = await listStaff(auth);
    console.log(staff.length ? staff.join('\n') : 'No account has the sales role.');
  } else if ((command === 'grant' || command === 'revoke') && email) {
    const change = await setStaffRole(auth, email, command === 'grant');
    const state = change.staff ? 'is sales staff: it can read leads' : 'is not staff: it can no longer read leads';
    console.log(`${change.email} ${change.changed ? 'now ' : 'already '}${state}.`);
    if (change.changed && change.staff)
      console.log('The claim applies from the next sign-in, or within the hour when the session refreshes its token.');
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

/** Staff sign-in: the role and the demo project the local Auth emulator serves, and the checks the API applies. */
export { DEFAULT_AUTH_EMULATOR_PORT, DEMO_PROJECT_ID, STAFF_ROLE } from '../leads/auth/staff-role';
export { FirebaseTokenVerifier } from '../leads/auth/firebase-token-verifier';
export { AccountCheck } from '../leads/auth/account-check';

import type { ApiFailure } from '../api/failure';

/**
 * What the staff page makes of a failed call. `expired` and `invalid` end
 * the session; `forbidden`, `emailNotVerified` and `notConfigured` block the
 * account; the others are shown where the call was made.
 */
export type Problem = 'expired' | 'invalid' | 'emailNotVerified' | 'forbidden' | 'notConfigured' | 'notFound' | 'unavailable' | 'network';
export type SessionEnd = Extract<Problem, 'expired' | 'invalid'>;
export type Blocker = Extract<Problem, 'forbidden' | 'emailNotVerified' | 'notConfigured'>;
/** Shown where the call was made (`problems` in staff.json). */
export type LocalProblem = Exclude<Problem, SessionEnd | Blocker>;

export const endsSession = (problem: Problem): problem is SessionEnd => problem === 'expired' || problem === 'invalid';
export const blocksAccount = (problem: Problem): problem is Blocker =>
  problem === 'forbidden' || problem === 'emailNotVerified' || problem === 'notConfigured';

/** The `code` of a Firebase error (`auth/...`), if the error is one. */
export function firebaseCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

/** A failure of the API, by its error contract (README: errors carry `extensions.code`, and `reason` when unauthenticated). */
export function apiProblem({ code, reason, fieldErrors }: ApiFailure): Problem {
  switch (code) {
    case 'UNAUTHENTICATED':
      if (reason === 'expired' || reason === 'emailNotVerified' || reason === 'notConfigured') return reason;
      return 'invalid';
    case 'FORBIDDEN':
      return 'forbidden';
    case 'NOT_FOUND':
      return 'notFound';
    default:
      // A lead id that is not even a UUID (a mistyped link) names no lead either.
      return code === 'BAD_USER_INPUT' && 'id' in fieldErrors ? 'notFound' : 'unavailable';
  }
}

/** Firebase could not give an ID token for a call: the session ended on its side, or its service was not reached. */
export function tokenProblem(code: string): Problem {
  if (code === 'auth/network-request-failed') return 'network';
  return code === 'auth/user-token-expired' ? 'expired' : 'invalid';
}

export type SignInError = 'credentials' | 'tooMany' | 'disabled' | 'popupBlocked' | 'network' | 'failed';

const SIGN_IN_ERRORS: Record<string, SignInError | null> = {
  'auth/invalid-credential': 'credentials',
  'auth/invalid-login-credentials': 'credentials',
  'auth/wrong-password': 'credentials',
  'auth/user-not-found': 'credentials',
  'auth/invalid-email': 'credentials',
  'auth/too-many-requests': 'tooMany',
  'auth/user-disabled': 'disabled',
  'auth/popup-blocked': 'popupBlocked',
  'auth/network-request-failed': 'network',
  // The person closed Google's window: nothing to say.
  'auth/popup-closed-by-user': null,
  'auth/cancelled-popup-request': null,
  'auth/user-cancelled': null,
};

/** The message (a key of `signIn.errors` in staff.json) for a failed sign-in, or null when the person cancelled it. */
export function signInError(error: unknown): SignInError | null {
  const code = firebaseCode(error);
  if (!code || !(code in SIGN_IN_ERRORS)) return 'failed';
  return SIGN_IN_ERRORS[code] ?? null;
}

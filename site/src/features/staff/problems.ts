import type { TFunction } from 'i18next';
import type { ApiFailure } from '../api/failure';

/**
 * What the staff page makes of a failed call. `expired` and `invalid` end
 * the session; `forbidden`, `emailNotVerified` and `notConfigured` block the
 * account; the others are shown where the call was made: `timeout` (the
 * database gave up on the read), `refused` (the API refused what was asked),
 * `unavailable` (the API or its database is down), `network` (no answer).
 */
export type Problem =
  | 'expired'
  | 'invalid'
  | 'emailNotVerified'
  | 'forbidden'
  | 'notConfigured'
  | 'notFound'
  | 'timeout'
  | 'refused'
  | 'unavailable'
  | 'network';
export type SessionEnd = Extract<Problem, 'expired' | 'invalid'>;
export type Blocker = Extract<Problem, 'forbidden' | 'emailNotVerified' | 'notConfigured'>;

/** A problem shown where the call was made; a refusal with the API's own words (`detail`), which say what to change. */
export interface LocalProblem {
  kind: Exclude<Problem, SessionEnd | Blocker>;
  detail?: string;
}

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
    case 'QUERY_TIMEOUT':
      return 'timeout';
    case 'BAD_USER_INPUT':
      // A lead id that is not even a UUID (a mistyped link) names no lead either.
      return 'id' in fieldErrors ? 'notFound' : 'refused';
    default:
      return 'unavailable';
  }
}

/** What the API said it refused: its fields' messages, or the error's own when it names no field. */
export function refusalOf({ fieldErrors }: ApiFailure, message: string): string {
  const messages = Object.values(fieldErrors).flatMap((errors) => errors.map((error) => error.message));
  return messages.length ? messages.join('; ') : message;
}

/**
 * A local problem in the page's language. A timeout says what took too long: a `view` of the filtered leads (the list,
 * the overview) or their `csv`, whose filters can be narrowed, or a call about one `item` (a lead, an objection), which
 * can only be retried.
 */
export function problemText(t: TFunction, { kind, detail }: LocalProblem, read: 'view' | 'csv' | 'item' = 'view'): string {
  if (kind === 'refused') return t('problems.refused', { detail });
  if (kind === 'timeout') return t(`problems.timeout.${read}`);
  return t(`problems.${kind}`);
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

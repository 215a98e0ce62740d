import { useSyncExternalStore } from 'react';
import { FIREBASE_CONFIG } from '../../config/site';
import type { SessionEnd } from './problems';

/** Staff sign in with the Firebase web app: its API key, auth domain and project must be built in. */
export const SIGN_IN_CONFIGURED = Boolean(FIREBASE_CONFIG.apiKey && FIREBASE_CONFIG.authDomain && FIREBASE_CONFIG.projectId);

/** Why the last session ended: "Sign out" here, or the session expired or was refused. */
export type EndNotice = 'signedOut' | SessionEnd;

export type Session =
  { kind: 'starting' } | { kind: 'unavailable' } | { kind: 'signedOut'; notice: EndNotice | null } | { kind: 'signedIn'; email: string };

export type Auth = typeof import('./session');

/*
 * The session is Firebase's, and lasts as long as the page: a store outside React, which the page reads with
 * useSyncExternalStore.
 */
interface State {
  session: Session;
  /** Firebase Auth's module, once loaded. */
  auth: Auth | null;
}
const STARTING: State = { session: { kind: 'starting' }, auth: null };
let state = STARTING;
const listeners = new Set<() => void>();
let started = false;
let signedIn = false;
/** Why this page is ending the session, until Firebase says it ended. */
let ending: EndNotice | null = null;

function update(change: Partial<State>) {
  state = { ...state, ...change };
  listeners.forEach((listener) => listener());
}

/** Loads Firebase Auth, which restores a session the browser kept, and follows the account from then on. */
function start() {
  if (started || !SIGN_IN_CONFIGURED) return;
  started = true;
  // Named, so that webpack keeps it apart from the other lazily loaded chunks (Gatsby names shared chunks after their users).
  import(/* webpackChunkName: "staff-session" */ './session').then(
    (auth) => {
      update({ auth });
      auth.watchAccount((email) => {
        // Ended by nobody here: Firebase could no longer renew the session.
        const notice = ending ?? (signedIn ? 'expired' : null);
        update({ session: email !== null ? { kind: 'signedIn', email } : { kind: 'signedOut', notice } });
        signedIn = email !== null;
        ending = null;
      });
    },
    () => update({ session: { kind: 'unavailable' } }),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
  };
}

/** Ends the session and says why; nothing when Firebase has ended it already (and said why). */
export function endSession(notice: EndNotice): void {
  if (!signedIn) return;
  ending = notice;
  void state.auth?.endSession();
}

/**
 * The staff member's Firebase session. Firebase Auth loads once the page has rendered (its first subscriber) and
 * restores a session the browser kept; until then the session is `starting`, as the server renders it.
 */
export function useStaffSession(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => STARTING,
  );
}

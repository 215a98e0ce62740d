import { useCallback, useEffect, useRef, useState } from 'react';
import { FIREBASE_CONFIG } from '../../config/site';
import type { SessionEnd } from './problems';

/** Staff sign in with the Firebase web app: its API key, auth domain and project must be built in. */
export const SIGN_IN_CONFIGURED = Boolean(FIREBASE_CONFIG.apiKey && FIREBASE_CONFIG.authDomain && FIREBASE_CONFIG.projectId);

/** Why the last session ended: "Sign out" here, or the session expired or was refused. */
export type EndNotice = 'signedOut' | SessionEnd;

export type Session =
  { kind: 'starting' } | { kind: 'unavailable' } | { kind: 'signedOut'; notice: EndNotice | null } | { kind: 'signedIn'; email: string };

export type Auth = typeof import('./session');

/**
 * The staff member's Firebase session. Firebase Auth loads once the page has
 * rendered and restores a session the browser kept; until then the session
 * is `starting`.
 */
export function useStaffSession() {
  const [session, setSession] = useState<Session>({ kind: 'starting' });
  const [auth, setAuth] = useState<Auth | null>(null);
  const ending = useRef<EndNotice | null>(null);
  const signedIn = useRef(false);

  useEffect(() => {
    if (!SIGN_IN_CONFIGURED) return;
    let current = true;
    let unsubscribe: (() => void) | undefined;
    // Named, so that webpack keeps it apart from the other lazily loaded chunks (Gatsby names shared chunks after their users).
    import(/* webpackChunkName: "staff-session" */ './session').then(
      (module) => {
        if (!current) return;
        setAuth(module);
        unsubscribe = module.watchAccount((email) => {
          if (email !== null) setSession({ kind: 'signedIn', email });
          // Ended by nobody here: Firebase could no longer renew the session.
          else setSession({ kind: 'signedOut', notice: ending.current ?? (signedIn.current ? 'expired' : null) });
          signedIn.current = email !== null;
          ending.current = null;
        });
      },
      () => current && setSession({ kind: 'unavailable' }),
    );
    return () => {
      current = false;
      unsubscribe?.();
    };
  }, []);

  const endSession = useCallback(
    (notice: EndNotice) => {
      // Firebase may have ended it already (and said why): nothing left to end.
      if (!signedIn.current) return;
      ending.current = notice;
      void auth?.endSession();
    },
    [auth],
  );

  return { session, auth, endSession };
}

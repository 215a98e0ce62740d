/**
 * Firebase Auth, in a chunk of its own: only the staff page imports it
 * (`import('./session')`), once it has rendered, so no public page loads it.
 */
import { initializeApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import { FIREBASE_CONFIG } from '../../config/site';

/**
 * The session lasts as long as the browser's session (sessionStorage of this
 * site): closing the browser signs staff out, and nothing stays in IndexedDB.
 */
const auth = initializeAuth(initializeApp(FIREBASE_CONFIG), {
  persistence: browserSessionPersistence,
  popupRedirectResolver: browserPopupRedirectResolver,
});
// `npm start` without a Firebase project: the emulator's demo accounts (the staff page says so; no SDK banner).
if (FIREBASE_CONFIG.authEmulatorUrl) connectAuthEmulator(auth, FIREBASE_CONFIG.authEmulatorUrl, { disableWarnings: true });

/** Calls back with the signed-in account's email (restored from the browser first), or null; returns the unsubscribe. */
export function watchAccount(onChange: (email: string | null) => void): () => void {
  return onAuthStateChanged(auth, (user) => onChange(user ? (user.email ?? '') : null));
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

/** Google's sign-in window, in the page's language. */
export async function signInWithGoogle(language: string): Promise<void> {
  auth.languageCode = language;
  await signInWithPopup(auth, new GoogleAuthProvider());
}

export function endSession(): Promise<void> {
  return signOut(auth);
}

/** The account's ID token for one API call; Firebase renews it shortly before it expires. */
export async function idToken(): Promise<string> {
  if (!auth.currentUser) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
  return auth.currentUser.getIdToken();
}

import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, LogIn } from 'lucide-react';
import React, { type FormEvent, type InputHTMLAttributes, type RefObject, useEffect, useRef, useState } from 'react';
import { FIREBASE_CONFIG } from '../../config/site';
import { useLocale } from '../i18n/use-locale';
import { type SignInError, signInError } from './problems';
import type { Auth } from './use-staff-session';
import * as styles from './Staff.module.css';

type Method = 'password' | 'google';

/**
 * Email and password, or a Google account: Firebase signs the person in, the API decides whether they see leads.
 * Without `auth` (the session still being checked, and on the server) the same form: nothing moves when Firebase
 * turns ready, so the page's largest paint is its first; an attempt made meanwhile waits for it.
 */
export function SignInForm({ auth }: { auth: Auth | null }) {
  const { t } = useTranslation('staff');
  const { code } = useLocale();
  const [sending, setSending] = useState<Method | null>(null);
  const [error, setError] = useState<SignInError | 'required' | null>(null);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  // An attempt made before Firebase is ready (the session still being checked) waits for it, shown as sending.
  const waiting = useRef<{ method: Method; signIn: (ready: Auth) => Promise<void> } | null>(null);

  const run = async (method: Method, signIn: (ready: Auth) => Promise<void>, ready: Auth) => {
    setSending(method);
    setError(null);
    try {
      await signIn(ready);
    } catch (failure) {
      const key = signInError(failure);
      setError(key);
      if (key === 'credentials') {
        password.current?.focus();
        password.current?.select();
      }
    } finally {
      setSending(null);
    }
  };

  const attempt = (method: Method, signIn: (ready: Auth) => Promise<void>) => {
    if (sending) return;
    if (auth) return void run(method, signIn, auth);
    waiting.current = { method, signIn };
    setSending(method);
    setError(null);
  };

  useEffect(() => {
    const next = waiting.current;
    if (!auth || !next) return;
    waiting.current = null;
    void run(next.method, next.signIn, auth);
    // Only Firebase turning ready starts the waiting attempt.
  }, [auth]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const [address, secret] = [email.current?.value.trim() ?? '', password.current?.value ?? ''];
    if (!address || !secret) {
      setError('required');
      (address ? password : email).current?.focus();
      return;
    }
    attempt('password', (ready) => ready.signInWithPassword(address, secret));
  };

  /** The email or the password: required, marked invalid when the account refused them. */
  const credential = (ref: RefObject<HTMLInputElement>, name: 'email' | 'password', attributes: InputHTMLAttributes<HTMLInputElement>) => (
    <label className={styles.field}>
      <span>{t(`signIn.${name}`)}</span>
      <input ref={ref} name={name} {...attributes} required aria-invalid={error === 'credentials' || undefined} />
    </label>
  );

  return (
    <section className={`card ${styles.card} ${styles.narrow}`} aria-labelledby="staff-title" aria-busy={!auth}>
      <h1 id="staff-title">{t('signIn.title')}</h1>
      {!auth && (
        <p className="visually-hidden" role="status">
          {t('starting')}
        </p>
      )}
      <p className={styles.lead}>{t('signIn.lead')}</p>
      {FIREBASE_CONFIG.authEmulatorUrl && <p className={styles.note}>{t('signIn.emulator')}</p>}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={error ? 'sign-in-error' : undefined}>
        {credential(email, 'email', { type: 'email', autoComplete: 'username', inputMode: 'email' })}
        {credential(password, 'password', { type: 'password', autoComplete: 'current-password' })}
        {error && (
          <p id="sign-in-error" className={styles.error} role="alert">
            <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
            {t(`signIn.errors.${error}`)}
          </p>
        )}
        {/* Busy, not disabled: the focus stays on the button. */}
        <button type="submit" className="button button--primary" aria-disabled={sending !== null}>
          {sending === 'password' ? (
            <span className={`spinner ${styles.buttonSpinner}`} aria-hidden="true" />
          ) : (
            <LogIn size={18} strokeWidth={1.75} aria-hidden="true" />
          )}
          {sending === 'password' ? t('signIn.sending') : t('signIn.submit')}
        </button>
      </form>
      <p className={styles.or}>
        <span>{t('signIn.or')}</span>
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={sending !== null}
        onClick={() => attempt('google', (ready) => ready.signInWithGoogle(code))}
      >
        <GoogleMark />
        {t('signIn.google')}
      </button>
    </section>
  );
}

/** Google's "G", as its sign-in buttons show it (lucide ships no brand icons). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d={
          'M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56' +
          ' 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z'
        }
      />
      <path
        fill="#4285F4"
        d={'M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6' + 'c4.51-4.18 7.09-10.36 7.09-17.65z'}
      />
      <path
        fill="#FBBC05"
        d={
          'M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0' +
          ' 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z'
        }
      />
      <path
        fill="#34A853"
        d={
          'M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26' +
          ' 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z'
        }
      />
    </svg>
  );
}

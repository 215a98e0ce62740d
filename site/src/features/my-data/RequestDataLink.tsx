import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, MailCheck, Send } from 'lucide-react';
import React, { useEffect, useId, useRef, useState } from 'react';
import { CONTACT_LIMITS, EMAIL_PATTERN } from '@segmentia/contracts/contact';
import { ASCII_EMAIL } from '@segmentia/contracts/privacy';
import type { ApiFailure } from '../api/failure';
import { useProvedSend, waitReason } from '../contact/use-proved-send';
import { useLocale } from '../i18n/use-locale';
import { FormNotice } from '../privacy-center/FormNotice';
import * as styles from './MyData.module.css';

type Status = { kind: 'filling' } | { kind: 'sending' } | { kind: 'sent'; email: string } | { kind: 'failed'; reason: Failure };
type Failure = 'network' | 'unavailable' | 'rate' | 'tooSoon' | 'ceiling' | 'proof';

type EmailError = 'required' | 'email' | 'ascii';

/** What is wrong with the address as typed (the API refuses the same: isEmail, isAsciiEmail), or null. */
function emailError(address: string): EmailError | null {
  if (!address) return 'required';
  if (!EMAIL_PATTERN.test(address) || address.length > CONTACT_LIMITS.email.max) return 'email';
  return ASCII_EMAIL.test(address) ? null : 'ascii';
}

/** What the API's refusal means to the visitor: a reason to wait (waitReason) says how long, no connection is "check it". */
const failureOf = (failure: ApiFailure): Failure => {
  const wait = waitReason(failure);
  if (wait) return wait === 'tooMany' ? 'rate' : wait;
  return failure.code === 'NETWORK' ? 'network' : 'unavailable';
};

/**
 * The privacy centre's "your request's data": a person who sent the contact form asks, by address, for a link to
 * what Segmentia holds about their requests. The API answers the same whether or not the address is on a request,
 * and so does this section: the same confirmation for any valid address. Proved by the contact form's proof of work.
 * `asking`: under the page a link opens, titled as asking for another (the page's own title already says what it is).
 */
export function RequestDataLink({ id, asking = false }: { id?: string; asking?: boolean }) {
  const { t } = useTranslation('my-data');
  const { locale } = useLocale();
  const headingId = useId();
  const [status, setStatus] = useState<Status>({ kind: 'filling' });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<EmailError | null>(null);
  // Server-rendered, the button stays disabled until this code runs: a native submit would put the address into the URL.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const input = useRef<HTMLInputElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const widgetHost = useRef<HTMLDivElement>(null);
  const provedSend = useProvedSend(widgetHost);

  useEffect(() => {
    if (status.kind === 'sent') confirmation.current?.focus();
  }, [status.kind]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const address = email.trim();
    const invalid = emailError(address);
    setError(invalid);
    if (invalid) return input.current?.focus();
    setStatus({ kind: 'sending' });
    const outcome = await provedSend.send(
      (api, altcha) => api.requestMyDataLink({ email: address, locale: locale.api, altcha }),
      ['email'],
    );
    if (outcome.kind === 'done') return setStatus({ kind: 'sent', email: address });
    if (outcome.kind === 'fieldErrors') {
      setError(outcome.fields.email === 'isAsciiEmail' ? 'ascii' : 'email');
      setStatus({ kind: 'filling' });
      return input.current?.focus();
    }
    setStatus({ kind: 'failed', reason: outcome.kind === 'noProof' ? 'proof' : failureOf(outcome.failure) });
  };

  return (
    <section id={id} className={styles.request} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.requestTitle}>
        {t(asking ? 'request.askTitle' : 'request.title')}
      </h2>
      <p>{t('request.lead')}</p>
      {status.kind === 'sent' ? (
        <div className={styles.sent}>
          <MailCheck size={32} strokeWidth={1.75} aria-hidden="true" />
          <div>
            <p ref={confirmation} tabIndex={-1} role="status" className={styles.sentTitle}>
              {t('request.sentTitle')}
            </p>
            <p>{t('request.sent', { email: status.email })}</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setEmail('');
                setStatus({ kind: 'filling' });
              }}
            >
              {t('request.another')}
            </button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} onFocus={provedSend.start} noValidate>
          <div className={styles.field}>
            <label htmlFor="my-data-email">{t('request.email')}</label>
            <input
              ref={input}
              id="my-data-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.email.max + 20}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'my-data-email-error' : 'my-data-email-hint'}
            />
            {error ? (
              <p id="my-data-email-error" className={styles.error}>
                <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
                {t(`request.errors.${error}`)}
              </p>
            ) : (
              <p id="my-data-email-hint" className={styles.hint}>
                {t('request.hint')}
              </p>
            )}
          </div>
          {status.kind === 'failed' && (
            <div className={styles.failure} role="alert">
              <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
              <p>{t(`request.failure.${status.reason}`)}</p>
            </div>
          )}
          <button type="submit" className="button button--primary" disabled={status.kind === 'sending' || !live}>
            <Send size={18} strokeWidth={1.75} aria-hidden="true" />
            {status.kind === 'sending' ? t('request.sending') : t('request.submit')}
          </button>
        </form>
      )}
      {status.kind !== 'sent' && <FormNotice translate={(values) => t('request.notice', values)} />}
      <div ref={widgetHost} hidden />
    </section>
  );
}

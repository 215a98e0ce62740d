import { Link } from 'gatsby';
import { Trans, useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle } from 'lucide-react';
import React from 'react';
import { COMPANY } from '../../config/company';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLocale } from '../i18n/use-locale';
import * as styles from './ContactForm.module.css';
import { FieldError } from './Field';

/** The interest, a required choice of radio buttons with its error. */
export function InterestChoice({ options, input, error }: { options: readonly string[]; input: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('contact');
  return (
    <div className={styles.wide} role="radiogroup" aria-labelledby="interest-label" aria-describedby={error ? 'interest-error' : undefined}>
      <span id="interest-label" className={styles.label}>
        {t('fields.interest')} <span aria-hidden="true">*</span>
      </span>
      <div className={styles.choices}>
        {options.map((option) => (
          <label key={option} className={styles.choice}>
            <input type="radio" value={option} {...input} aria-invalid={error ? true : undefined} />
            {t(`options.interest.${option}`)}
          </label>
        ))}
      </div>
      {error && <FieldError id="interest-error">{error}</FieldError>}
    </div>
  );
}

/** The terms' checkbox, with links to the legal notice and the privacy policy. */
export function AcceptTerms({ input, error }: { input: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('contact');
  const { path } = useLocale();
  return (
    <div className={styles.terms}>
      <label className={styles.termsLabel}>
        <input
          type="checkbox"
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'acceptTerms-error' : undefined}
        />
        <span>
          <Trans
            t={t}
            i18nKey="acceptTerms"
            components={{ terms: <Link to={path('/legal/')} />, privacy: <Link to={path('/privacy/')} /> }}
          />{' '}
          <span aria-hidden="true">*</span>
        </span>
      </label>
      {error && <FieldError id="acceptTerms-error">{error}</FieldError>}
    </div>
  );
}

/** A field hidden from people and screen readers: bots fill it in (the API keeps their request as spam). */
export function Honeypot({ input }: { input: UseFormRegisterReturn }) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...input} />
      </label>
    </div>
  );
}

/** The failure message of a reason: the API's error code, NETWORK, or PROOF (no proof of work could be made or was taken). */
const FAILURE_TEXT: Record<string, string> = { TOO_MANY_REQUESTS: 'rate', NETWORK: 'network', PROOF: 'proof' };

/** Why the request was not sent, and what to do (send again, or write to the company). */
export function SendFailure({ reason }: { reason: string }) {
  const { t } = useTranslation('contact');
  return (
    <div className={styles.failure} role="alert">
      <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
      <p>{t(`failure.${FAILURE_TEXT[reason] ?? 'unavailable'}`, { email: COMPANY.email })}</p>
    </div>
  );
}

import { OBJECTION_LIMITS } from '@segmentia/contracts/privacy';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { CheckCircle2 } from 'lucide-react';
import React, { type FormEvent, useEffect, useRef, useState } from 'react';
import { useProvedSend } from '../contact/use-proved-send';
import { useLocale } from '../i18n/use-locale';
import { describedBy, FieldError, failureKey, FormEnd, receiptDate } from './FormParts';
import { FormNotice } from './FormNotice';
import { objectionErrors } from './rules';
import * as styles from './PrivacyCenter.module.css';

const FIELDS = ['email', 'message'] as const;
type FieldName = (typeof FIELDS)[number];

/** A web browser's written objection: an address and a text, proved by the proof of work; the receipt after. */
export function ObjectionForm() {
  const { t } = useTranslation('privacy-center');
  const { locale } = useLocale();
  const widgetHost = useRef<HTMLDivElement>(null);
  const { start, send } = useProvedSend(widgetHost);
  const [values, setValues] = useState<Record<FieldName, string>>({ email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<{ id: string; receivedAt: string } | null>(null);
  const requestId = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const receiptHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (receipt) receiptHeading.current?.focus();
  }, [receipt]);

  const focusFirst = (found: Partial<Record<FieldName, string>>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`#objection-${first}`)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = objectionErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return focusFirst(found);
    setSending(true);
    requestId.current ??= crypto.randomUUID();
    const input = { requestId: requestId.current, email: values.email.trim(), message: values.message.trim(), locale: locale.api };
    const outcome = await send((api, altcha) => api.objectToAudiences({ ...input, altcha }), FIELDS);
    setSending(false);
    if (outcome.kind === 'done') {
      setReceipt(outcome.receipt);
      requestId.current = null;
    } else if (outcome.kind === 'fieldErrors') {
      setErrors(outcome.fields);
      focusFirst(outcome.fields);
    } else {
      setFailure(t(`errors.${failureKey(outcome)}`));
    }
  };

  if (receipt) {
    return (
      <div className={styles.receipt} role="status">
        <h3 ref={receiptHeading} tabIndex={-1}>
          <CheckCircle2 size={22} strokeWidth={1.75} aria-hidden="true" />
          {t('browser.receiptTitle')}
        </h3>
        <p>{t('browser.receiptText', { date: receiptDate(receipt.receivedAt, locale.tag) })}</p>
        <dl>
          <div>
            <dt>{t('browser.receiptId')}</dt>
            <dd className={styles.code} data-receipt-id>
              {receipt.id}
            </dd>
          </div>
        </dl>
      </div>
    );
  }

  const change = (field: FieldName) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const error = (field: FieldName) =>
    errors[field] && <FieldError id={`objection-${field}-error`}>{t([`errors.${field}.${errors[field]}`, 'errors.failed'])}</FieldError>;
  return (
    <>
      <form ref={form} className={styles.form} onSubmit={onSubmit} onFocus={start} noValidate aria-labelledby="browsers-title">
        <div className={styles.field}>
          <label htmlFor="objection-email">
            {t('browser.email')} <span className={styles.required}>({t('required')})</span>
          </label>
          <input
            id="objection-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            maxLength={OBJECTION_LIMITS.email.max}
            aria-required="true"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('objection-email', errors.email, false)}
          />
          {error('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor="objection-message">
            {t('browser.message')} <span className={styles.required}>({t('required')})</span>
          </label>
          <textarea
            id="objection-message"
            rows={5}
            value={values.message}
            onChange={change('message')}
            aria-required="true"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('objection-message', errors.message)}
          />
          {error('message') ?? (
            <p id="objection-message-hint" className={styles.hint}>
              {t('browser.messageHint')}
            </p>
          )}
        </div>
        <FormEnd failure={failure} sending={sending} sendingLabel={t('sending')} label={t('browser.submit')} />
      </form>
      <FormNotice translate={(values) => t('browser.notice', values)} />
      <div ref={widgetHost} hidden />
    </>
  );
}

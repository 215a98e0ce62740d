import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Send } from 'lucide-react';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { type FieldPath, type RegisterOptions, useForm } from 'react-hook-form';
import { attributionConsent, attributionOf } from '../analytics/attribution';
import { track, trackFormSuccess } from '../analytics/track';
import { BusyButton } from '../../components/BusyButton';
import type { ApiFailure } from '../api/failure';
import { clearSelection, isInSelection, type SelectedAudience, useSelectedAudiences } from '../explorer/audience-request';
import { useLocale } from '../i18n/use-locale';
import { CONTACT_LIMITS, CONTACT_OPTIONS, EMAIL_PATTERN, NOT_PLAIN_TEXT, NOT_SINGLE_LINE } from '@segmentia/contracts/contact';
import { messageKeyFor, PHONE_PATTERN } from './options';
import * as styles from './ContactForm.module.css';
import { DataSent } from './DataSent';
import { EmailAdviceHint, hasHint } from './EmailAdviceHint';
import { RequestedAudiences } from './RequestedAudiences';
import { AcceptTerms, Honeypot, InterestChoice, SendFailure } from './Choices';
import { Field } from './Field';
import { FirstLayerNotice } from './FirstLayerNotice';
import { type ContactFormValues, contactRequestOf, errorMessageOf } from './contact-request';
import { useEmailAdvice } from './use-email-advice';
import { useProvedSend } from './use-proved-send';

type Values = ContactFormValues;
type Sent = { kind: 'sent'; email: string; confirmationDelayed: boolean };
type Status = { kind: 'filling' } | { kind: 'sending' } | Sent | { kind: 'failed'; reason: string };

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const FORM_NAME = 'contact';

/** The demo-access request: the API's rules before sending, its answers by field; `chat`: a messaging tool hears of each. */
export function ContactForm({ chat }: { chat: boolean }) {
  const { t } = useTranslation('contact');
  const { locale, path, originalPath } = useLocale();
  const [status, setStatus] = useState<Status>({ kind: 'filling' });
  // Server-rendered, the button stays disabled until this code runs: a native
  // submit would put what the visitor typed into the URL.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // One id per request, kept across retries: the API stores a request once per id.
  const requestId = useRef<string | null>(null);
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<Values>({ mode: 'onTouched', shouldFocusError: true });

  // The audiences chosen in the explorer go with the request; asking for them preselects the interest in Segmentia's solutions.
  const selection = useSelectedAudiences();
  const [unavailable, setUnavailable] = useState<SelectedAudience[]>([]);
  const hasSelection = selection.length > 0;
  useEffect(() => {
    if (hasSelection && !getValues('interest')) setValue('interest', 'SOLUTIONS');
  }, [hasSelection, getValues, setValue]);
  const audiencesBlock = useRef<HTMLDivElement>(null);
  const [audienceChange, setAudienceChange] = useState('');
  /** The API refused audiences the catalogue no longer has (it names them): they are marked in the list for the visitor to remove. */
  const markUnavailable = (unknown: NonNullable<ApiFailure['unknownAudiences']>) => {
    const missing = selection.filter((item) => isInSelection(unknown, item));
    setUnavailable(missing);
    // None of the selection (it changed meanwhile): the general failure, and the visitor sends again.
    if (!missing.length) return setStatus({ kind: 'failed', reason: 'UNAVAILABLE' });
    setStatus({ kind: 'filling' });
    audiencesBlock.current?.focus();
  };

  const onDisposable = useCallback(() => setError('email', { type: 'disposable' }), [setError]);
  const email = useEmailAdvice({ fieldId: 'email', typed: () => getValues('email'), onDisposable });

  // The proof of work, solved in the background from the visitor's first focus in the form (the widget lives outside the form).
  const widgetHost = useRef<HTMLDivElement>(null);
  const provedSend = useProvedSend(widgetHost);
  const started = useRef(false);
  const onStart = () => {
    if (started.current) return;
    started.current = true;
    track({ event: 'form_start', form_name: FORM_NAME });
    provedSend.start();
  };

  const failed = (reason: string) => {
    setStatus({ kind: 'failed', reason });
    track({ event: 'form_error', form_name: FORM_NAME, error_message: reason });
  };

  const onSubmit = async (values: Values) => {
    if (sending.current) return;
    sending.current = true;
    track({ event: 'form_submit', form_name: FORM_NAME, interest: values.interest, agency_type: values.agencyType, locale: locale.api });
    requestId.current ??= crypto.randomUUID();
    setStatus({ kind: 'sending' });
    try {
      const attribution = attributionOf(attributionConsent().marketing);
      const context = { requestId: requestId.current, locale: locale.api, pagePath: path(originalPath), selection, attribution };
      const outcome = await provedSend.send(
        (api, altcha) => api.submitContactRequest(contactRequestOf(values, { ...context, altcha })),
        Object.keys(values),
      );
      if (outcome.kind === 'done') {
        setStatus({ kind: 'sent', email: values.email, confirmationDelayed: outcome.receipt.confirmationDelayed });
        clearSelection();
        return trackFormSuccess(FORM_NAME);
      }
      track({ event: 'form_error', form_name: FORM_NAME, error_message: errorMessageOf(outcome) });
      if (outcome.kind === 'noProof') return setStatus({ kind: 'failed', reason: 'PROOF' });
      const unknownAudiences = outcome.kind === 'failed' ? outcome.failure.unknownAudiences : undefined;
      if (unknownAudiences?.length) return markUnavailable(unknownAudiences);
      if (outcome.kind === 'failed') return setStatus({ kind: 'failed', reason: outcome.failure.code });
      Object.entries(outcome.fields).forEach(([field, code], index) =>
        setError(field as FieldPath<Values>, { type: messageKeyFor(code) }, { shouldFocus: index === 0 }),
      );
      setStatus({ kind: 'filling' });
    } catch {
      failed('NETWORK');
    } finally {
      sending.current = false;
    }
  };

  if (status.kind === 'sent') return <DataSent email={status.email} confirmationDelayed={status.confirmationDelayed} />;
  const takeSuggestion = (suggestion: string) => {
    setValue('email', suggestion, { shouldValidate: true });
    void email.checkAddress(suggestion);
  };

  const field = (name: FieldPath<Values>, rules: RegisterOptions<Values> = {}) => ({
    ...register(name, { setValueAs: trim, ...rules }),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });
  const message = (name: keyof Values): string | undefined => {
    const error = errors[name];
    if (!error) return undefined;
    const limits = (CONTACT_LIMITS as Record<string, { min?: number; max?: number }>)[name] ?? {};
    return t(`errors.${String(error.type)}`, { min: limits.min, max: limits.max, defaultValue: t('errors.invalid') });
  };
  const required = { required: true };
  const singleLine = { validate: { singleLine: (value: unknown) => typeof value !== 'string' || !NOT_SINGLE_LINE.test(value) } };
  const plainText = { validate: { plainText: (value: unknown) => typeof value !== 'string' || !NOT_PLAIN_TEXT.test(value) } };
  const select = (name: keyof typeof CONTACT_OPTIONS & keyof Values) => (
    <select {...field(name, required)} defaultValue="">
      <option value="" disabled>
        {t('choose')}
      </option>
      {CONTACT_OPTIONS[name].map((option) => (
        <option key={option} value={option}>
          {t(`options.${name}.${option}`)}
        </option>
      ))}
    </select>
  );
  const isSending = status.kind === 'sending';

  return (
    <>
      <form
        className={styles.form}
        onSubmit={handleSubmit(onSubmit, (invalid) =>
          track({
            event: 'form_error',
            form_name: FORM_NAME,
            error_message: Object.keys(invalid)
              .map((field) => `${field}:${invalid[field as keyof Values]?.type}`)
              .join(','),
          }),
        )}
        onFocus={onStart}
        noValidate
        aria-describedby="contact-required"
      >
        <p id="contact-required" className={styles.requiredNote}>
          {t('requiredNote')}
        </p>
        <fieldset className={styles.group}>
          <legend>{t('groups.agency')}</legend>
          <Field name="agencyName" label={t('fields.agencyName')} error={message('agencyName')} required>
            <input
              type="text"
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.agencyName.max + 20}
              {...field('agencyName', {
                ...required,
                ...singleLine,
                minLength: CONTACT_LIMITS.agencyName.min,
                maxLength: CONTACT_LIMITS.agencyName.max,
              })}
            />
          </Field>
          <Field name="agencyType" label={t('fields.agencyType')} error={message('agencyType')} required>
            {select('agencyType')}
          </Field>
          <Field name="agencySize" label={t('fields.agencySize')} error={message('agencySize')} required>
            {select('agencySize')}
          </Field>
          <Field name="advertiserCount" label={t('fields.advertiserCount')} error={message('advertiserCount')} required>
            {select('advertiserCount')}
          </Field>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('groups.contact')}</legend>
          <Field name="contactName" label={t('fields.contactName')} error={message('contactName')} required>
            <input
              type="text"
              autoComplete="name"
              {...field('contactName', {
                ...required,
                ...singleLine,
                minLength: CONTACT_LIMITS.contactName.min,
                maxLength: CONTACT_LIMITS.contactName.max,
              })}
            />
          </Field>
          <Field
            name="email"
            label={t('fields.email')}
            error={message('email')}
            hint={hasHint(email.advice) ? <EmailAdviceHint advice={email.advice!} onUse={takeSuggestion} /> : undefined}
            required
          >
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...field('email', {
                ...required,
                ...singleLine,
                maxLength: CONTACT_LIMITS.email.max,
                pattern: EMAIL_PATTERN,
                onBlur: (event) => void email.checkAddress(String(event.target.value).trim()),
                onChange: email.clear,
              })}
            />
          </Field>
          <Field name="phone" label={t('fields.phone')} hint={t('hints.phone')} error={message('phone')}>
            <input type="tel" autoComplete="tel" inputMode="tel" {...field('phone', { ...singleLine, pattern: PHONE_PATTERN })} />
          </Field>
          <Field name="position" label={t('fields.position')} error={message('position')} required>
            {select('position')}
          </Field>
          <Field name="decisionRole" label={t('fields.decisionRole')} error={message('decisionRole')} required>
            {select('decisionRole')}
          </Field>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('groups.interest')}</legend>
          <InterestChoice
            options={CONTACT_OPTIONS.interest}
            input={register('interest', required)}
            error={errors.interest && message('interest')}
          />
          <Field
            name="message"
            label={t('fields.message')}
            hint={t('hints.message', { max: CONTACT_LIMITS.message.max })}
            error={message('message')}
            wide
          >
            <textarea rows={5} {...field('message', { ...plainText, maxLength: CONTACT_LIMITS.message.max })} />
          </Field>
        </fieldset>
        {hasSelection && (
          <RequestedAudiences ref={audiencesBlock} selection={selection} unavailable={unavailable} announce={setAudienceChange} />
        )}
        <p className="visually-hidden" role="status">
          {audienceChange}
        </p>
        <Honeypot input={register('website')} />
        {status.kind === 'failed' && <SendFailure reason={status.reason} />}
        {/* The first layer of information before the consent and the button that sends (LOPDGDD art. 11). */}
        <FirstLayerNotice privacyPath={path('/privacy/')} chat={chat} />
        <div className={styles.submit}>
          <AcceptTerms
            input={register('acceptTerms', { validate: { terms: (value) => value === true } })}
            error={errors.acceptTerms && message('acceptTerms')}
          />
          <BusyButton
            type="submit"
            className="button button--primary"
            disabled={!live}
            busy={isSending}
            busyLabel={t('sending')}
            icon={<Send size={18} strokeWidth={1.75} aria-hidden="true" />}
            data-cta="contact_submit"
          >
            {status.kind === 'failed' ? t('retry') : t('submit')}
          </BusyButton>
        </div>
        <p className="visually-hidden" aria-live="polite">
          {isSending ? t('sending') : ''}
        </p>
      </form>
      {/* ALTCHA's widget, invisible (it only computes), outside the form: inside, it would take part in its submission. */}
      <div ref={widgetHost} hidden />
    </>
  );
}

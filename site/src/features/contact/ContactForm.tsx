import { Link } from 'gatsby';
import { Trans, useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, CheckCircle2, ListChecks, Send } from 'lucide-react';
import React, { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, type RegisterOptions, useForm } from 'react-hook-form';
import { attributionOf, marketingAccepted } from '../analytics/attribution';
import { track, trackFormSuccess } from '../analytics/track';
import type { CheckEmailQuery, ContactRequestInput } from '../api/generated';
import { COMPANY } from '../../config/company';
import { clearSelection, isInSelection, missingFrom, type SelectedAudience, useSelectedAudiences } from '../explorer/audience-request';
import { SelectedAudienceList } from '../explorer/SelectedAudiences';
import { useLocale } from '../i18n/use-locale';
import { CONTACT_LIMITS, CONTACT_OPTIONS, EMAIL_PATTERN, NOT_SINGLE_LINE } from '@segmentia/contracts/contact';
import { messageKeyFor, PHONE_PATTERN } from './options';
import * as styles from './ContactForm.module.css';

type Values = Omit<ContactRequestInput, 'requestId' | 'locale' | 'pagePath' | 'altcha' | 'audiences'>;
type Status = { kind: 'filling' } | { kind: 'sending' } | { kind: 'sent'; email: string } | { kind: 'failed'; reason: string };
type ProofOfWork = import('./proof-of-work').ProofOfWork;

/** The API's field codes of a refused proof of work: the form makes another, once. */
const PROOF_REFUSALS = ['altchaMissing', 'altchaInvalid', 'altchaExpired', 'altchaReused'];

/** The failure message of a reason: the API's error code, NETWORK, or PROOF (no proof of work could be made or was taken). */
const FAILURE_TEXT: Record<string, string> = { TOO_MANY_REQUESTS: 'rate', NETWORK: 'network', PROOF: 'proof' };

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const FORM_NAME = 'contact';

/** The demo-access request: the same rules as the API before sending, its answers shown field by field. */
export function ContactForm() {
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
  /** The API refused audiences the catalogue no longer has: they are marked in the list for the visitor to remove. */
  const markUnavailable = async (api: typeof import('../api/client')) => {
    const countries = [...new Set(selection.map((item) => item.country))];
    const catalogues = await Promise.all(countries.map((country) => api.fetchCountryAudiences({ country, locale: locale.api })));
    const missing = countries.flatMap((country, index) => missingFrom(selection, country, catalogues[index]!));
    setUnavailable(missing);
    // None missing by now (the catalogue changed back): the general failure, and the visitor sends again.
    if (!missing.length) return setStatus({ kind: 'failed', reason: 'UNAVAILABLE' });
    setStatus({ kind: 'filling' });
    audiencesBlock.current?.focus();
  };
  // What the API says of the address as the visitor leaves the field: a typo to correct, free mail (a hint), disposable (an error).
  const [emailAdvice, setEmailAdvice] = useState<CheckEmailQuery['checkEmail'] | null>(null);
  const checkAddress = async (address: string) => {
    if (!EMAIL_PATTERN.test(address)) return setEmailAdvice(null);
    try {
      const advice = await (await import('../api/client')).checkEmail(address);
      setEmailAdvice(advice);
      if (advice.kind === 'DISPOSABLE') setError('email', { type: 'disposable' });
    } catch {
      // Only advice: the API checks the address again when the request is sent.
      setEmailAdvice(null);
    }
  };
  // An address typed and left before the form hydrated (that blur reached no handler) is advised on as soon as it has.
  useEffect(() => {
    const typed = getValues('email');
    if (typed && document.activeElement?.id !== 'email') void checkAddress(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates
  }, []);

  // The proof of work, solved in the background from the visitor's first focus in the form (the widget lives outside the form).
  const widgetHost = useRef<HTMLDivElement>(null);
  const proofOfWork = useRef<Promise<ProofOfWork> | null>(null);
  const startProof = () =>
    (proofOfWork.current ??= Promise.all([import('./proof-of-work'), import('../api/client')]).then(([{ ProofOfWork }, api]) => {
      const widget = document.createElement('altcha-widget');
      widgetHost.current!.append(widget);
      const proof = new ProofOfWork(widget, api.fetchContactChallenge);
      proof.start();
      return proof;
    }));

  const started = useRef(false);
  const onStart = () => {
    if (started.current) return;
    started.current = true;
    track({ event: 'form_start', form_name: FORM_NAME });
    void startProof().catch(() => undefined);
  };

  /** A proof, or null when none could be made (no challenge from the API, no solution). */
  const proof = async () => {
    try {
      return await (await startProof()).proof();
    } catch {
      proofOfWork.current = null;
      return null;
    }
  };

  const proofFailed = () => {
    setStatus({ kind: 'failed', reason: 'PROOF' });
    track({ event: 'form_error', form_name: FORM_NAME, error_message: 'PROOF' });
  };

  const onSubmit = async (values: Values) => {
    if (sending.current) return;
    sending.current = true;
    track({ event: 'form_submit', form_name: FORM_NAME, interest: values.interest, agency_type: values.agencyType, locale: locale.api });
    requestId.current ??= crypto.randomUUID();
    setStatus({ kind: 'sending' });
    try {
      const api = await import('../api/client');
      // A refused proof (expired, say) is made again once, with a new challenge; a second refusal is told.
      for (let attempt = 1; ; attempt++) {
        const solved = await proof();
        if (!solved) return proofFailed();
        const outcome = await send(api, values, solved.altcha);
        if (outcome !== 'proofRefused') return;
        // Refused: the next try, this one's or the visitor's, needs a new challenge.
        (await startProof()).renew();
        if (attempt === 2) return proofFailed();
      }
    } catch {
      setStatus({ kind: 'failed', reason: 'NETWORK' });
      track({ event: 'form_error', form_name: FORM_NAME, error_message: 'NETWORK' });
    } finally {
      sending.current = false;
    }
  };

  /** Sends the request once; says whether the API refused its proof (the caller makes another). */
  const send = async (api: typeof import('../api/client'), values: Values, altcha: string): Promise<'done' | 'proofRefused'> => {
    try {
      await api.submitContactRequest({
        ...values,
        phone: values.phone || null,
        message: values.message || null,
        website: values.website || null,
        requestId: requestId.current!,
        locale: locale.api,
        acceptTerms: values.acceptTerms,
        pagePath: path(originalPath),
        altcha,
        audiences: hasSelection ? selection.map(({ country, audience }) => ({ country, audience })) : undefined,
        ...attributionOf(sessionStorage, marketingAccepted()),
      });
      setStatus({ kind: 'sent', email: values.email });
      clearSelection();
      trackFormSuccess(FORM_NAME);
    } catch (error) {
      const failure = api.describeFailure(error);
      if (failure.fieldErrors.altcha?.some((refusal) => PROOF_REFUSALS.includes(refusal.code))) return 'proofRefused';
      if (failure.fieldErrors.audiences?.some((refusal) => refusal.code === 'unknownAudience')) {
        track({ event: 'form_error', form_name: FORM_NAME, error_message: 'audiences:unknownAudience' });
        await markUnavailable(api);
        return 'done';
      }
      // Only fields of this form (the API could name others, e.g. requestId): those go to the general failure message.
      const fields = Object.entries(failure.fieldErrors).filter(([field]) => field in values);
      fields.forEach(([field, [first]], index) =>
        setError(field as FieldPath<Values>, { type: messageKeyFor(first?.code), message: first?.message }, { shouldFocus: index === 0 }),
      );
      setStatus(fields.length ? { kind: 'filling' } : { kind: 'failed', reason: failure.code });
      track({
        event: 'form_error',
        form_name: FORM_NAME,
        error_message: fields.length ? fields.map(([field, [first]]) => `${field}:${first?.code}`).join(',') : failure.code,
      });
    }
    return 'done';
  };

  if (status.kind === 'sent') return <DataSent email={status.email} />;

  const emailHint = () => {
    if (!emailAdvice) return undefined;
    if (emailAdvice.suggestion) {
      const suggestion = emailAdvice.suggestion;
      return (
        <>
          {t('hints.didYouMean', { suggestion })}{' '}
          <button
            type="button"
            className={styles.suggestion}
            onClick={() => {
              setValue('email', suggestion, { shouldValidate: true });
              void checkAddress(suggestion);
            }}
          >
            {t('hints.useSuggestion', { suggestion })}
          </button>
        </>
      );
    }
    return emailAdvice.kind === 'FREE' ? t('hints.freeEmail') : undefined;
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
          <Field name="email" label={t('fields.email')} error={message('email')} hint={emailHint()} required>
            <input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...field('email', {
                ...required,
                maxLength: CONTACT_LIMITS.email.max,
                pattern: EMAIL_PATTERN,
                onBlur: (event) => void checkAddress(String(event.target.value).trim()),
                onChange: () => setEmailAdvice(null),
              })}
            />
          </Field>
          <Field name="phone" label={t('fields.phone')} hint={t('hints.phone')} error={message('phone')}>
            <input type="tel" autoComplete="tel" inputMode="tel" {...field('phone', { pattern: PHONE_PATTERN })} />
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
          <div
            className={styles.wide}
            role="radiogroup"
            aria-labelledby="interest-label"
            aria-describedby={errors.interest ? 'interest-error' : undefined}
          >
            <span id="interest-label" className={styles.label}>
              {t('fields.interest')} <span aria-hidden="true">*</span>
            </span>
            <div className={styles.choices}>
              {CONTACT_OPTIONS.interest.map((option) => (
                <label key={option} className={styles.choice}>
                  <input
                    type="radio"
                    value={option}
                    {...register('interest', required)}
                    aria-invalid={errors.interest ? true : undefined}
                  />
                  {t(`options.interest.${option}`)}
                </label>
              ))}
            </div>
            {errors.interest && (
              <p id="interest-error" className={styles.error}>
                <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
                {message('interest')}
              </p>
            )}
          </div>
          <Field
            name="message"
            label={t('fields.message')}
            hint={t('hints.message', { max: CONTACT_LIMITS.message.max })}
            error={message('message')}
            wide
          >
            <textarea rows={5} {...field('message', { maxLength: CONTACT_LIMITS.message.max })} />
          </Field>
        </fieldset>
        {hasSelection && (
          <div className={styles.audiences} ref={audiencesBlock} tabIndex={-1} role="group" aria-labelledby="requested-audiences-title">
            <h3 id="requested-audiences-title" className={styles.audiencesTitle}>
              <ListChecks size={20} strokeWidth={1.75} aria-hidden="true" />
              {t('audiences.title', { count: selection.length })}
            </h3>
            {unavailable.some((item) => isInSelection(selection, item)) && (
              <p className={styles.error} role="alert">
                <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
                {t('errors.unknownAudience')}
              </p>
            )}
            <SelectedAudienceList
              selection={selection}
              unavailable={unavailable}
              announce={setAudienceChange}
              onEmptied={() => document.querySelector<HTMLButtonElement>('#contact button[type="submit"]')?.focus()}
            />
            <a href="#explorer" className={styles.audiencesMore}>
              {t('audiences.more')}
            </a>
          </div>
        )}
        <p className="visually-hidden" role="status">
          {audienceChange}
        </p>
        {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label>
            Website
            <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </label>
        </div>
        {status.kind === 'failed' && (
          <div className={styles.failure} role="alert">
            <AlertCircle size={20} strokeWidth={1.75} aria-hidden="true" />
            <p>{t(`failure.${FAILURE_TEXT[status.reason] ?? 'unavailable'}`, { email: COMPANY.email })}</p>
          </div>
        )}
        <div className={styles.submit}>
          <div className={styles.terms}>
            <label className={styles.termsLabel}>
              <input
                type="checkbox"
                {...register('acceptTerms', { validate: { terms: (value) => value === true } })}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
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
            {errors.acceptTerms && (
              <p id="acceptTerms-error" className={styles.error}>
                <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
                {message('acceptTerms')}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={isSending || !live} data-cta="contact_submit">
            {isSending ? (
              <span className={`spinner ${styles.spinner}`} aria-hidden="true" />
            ) : (
              <Send size={18} strokeWidth={1.75} aria-hidden="true" />
            )}
            {isSending ? t('sending') : status.kind === 'failed' ? t('retry') : t('submit')}
          </button>
          <FirstLayer privacyPath={path('/privacy/')} />
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

/** The first layer of the data-protection notice, where the data are collected (LOPDGDD art. 11): the policy is the second. */
function FirstLayer({ privacyPath }: { privacyPath: string }) {
  const { t } = useTranslation('contact');
  const values = { companyName: COMPANY.companyName, privacyEmail: COMPANY.privacyEmail };
  return (
    <section className={styles.firstLayer} aria-labelledby="first-layer-title">
      <h3 id="first-layer-title">{t('firstLayer.title')}</h3>
      <dl>
        {(['controller', 'purpose', 'legalBasis', 'recipients', 'rights'] as const).map((key) => (
          <div key={key}>
            <dt>{t(`firstLayer.${key}.label`)}</dt>
            <dd>{t(`firstLayer.${key}.text`, values)}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Trans t={t} i18nKey="firstLayer.more" components={{ privacy: <Link to={privacyPath} /> }} />
      </p>
    </section>
  );
}

function Field(props: {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  const { name, label, hint, error, required, wide, children } = props;
  const hintId = useId();
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label className={styles.label}>
        <span>
          {label} {required && <span aria-hidden="true">*</span>}
        </span>
        {React.isValidElement(children)
          ? React.cloneElement(children as React.ReactElement<Record<string, unknown>>, {
              id: name,
              'aria-required': required || undefined,
              ...(hint && !error ? { 'aria-describedby': hintId } : {}),
            })
          : children}
      </label>
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className={styles.error}>
          <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}

/** The confirmation that replaces the form once the API has stored the request. */
function DataSent({ email }: { email: string }) {
  const { t } = useTranslation('contact');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.sent} role="status">
      <CheckCircle2 size={40} strokeWidth={1.75} aria-hidden="true" className={styles.sentIcon} />
      <h3 ref={heading} tabIndex={-1}>
        {t('sent.title')}
      </h3>
      <p>{t('sent.text', { email })}</p>
      <p className={styles.sentNote}>{t('sent.note')}</p>
    </div>
  );
}

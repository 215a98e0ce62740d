import {
  DEVICE_TYPES,
  type DeviceType,
  SEGMENT_UPLOAD_HOURS,
  SUPPRESSION_REASONS,
  type SuppressionReason,
} from '@segmentia/contracts/privacy';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { CheckCircle2 } from 'lucide-react';
import React, { type FormEvent, useEffect, useRef, useState } from 'react';
import { useProvedSend } from '../contact/use-proved-send';
import { useLocale } from '../i18n/use-locale';
import { describedBy, FieldError, failureKey, FormEnd, receiptDate } from './FormParts';
import { advertisingIdError } from './rules';
import * as styles from './PrivacyCenter.module.css';

interface Receipt {
  id: string;
  optedOutAt: string;
  deviceType: DeviceType;
  reason: SuppressionReason;
  outOfSegmentsBy: string;
}

/**
 * A device's advertising ID out of the audiences, for the reason the person gives (consent withdrawn, or an objection):
 * reason, type and ID, proved by the proof of work; the receipt after, with the reason and by when the ID is out.
 */
export function OptOutForm() {
  const { t } = useTranslation('privacy-center');
  const { locale } = useLocale();
  const widgetHost = useRef<HTMLDivElement>(null);
  const { start, send } = useProvedSend(widgetHost);
  const [reason, setReason] = useState<SuppressionReason>(SUPPRESSION_REASONS[0]);
  const [deviceType, setDeviceType] = useState<DeviceType>('ANDROID');
  const [advertisingId, setAdvertisingId] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const requestId = useRef<string | null>(null);
  const idInput = useRef<HTMLInputElement>(null);
  const receiptHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (receipt) receiptHeading.current?.focus();
  }, [receipt]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const invalid = advertisingIdError(advertisingId);
    setError(invalid ?? undefined);
    setFailure(null);
    if (invalid) {
      idInput.current?.focus();
      return;
    }
    setSending(true);
    // The same send, retried, keeps its id: the API answers it with the same receipt.
    requestId.current ??= crypto.randomUUID();
    const input = { requestId: requestId.current, reason, deviceType, advertisingId: advertisingId.trim() };
    const outcome = await send((api, altcha) => api.optOutOfAudiences({ ...input, altcha }), ['advertisingId']);
    setSending(false);
    if (outcome.kind === 'done') {
      setReceipt(outcome.receipt);
      requestId.current = null;
    } else if (outcome.kind === 'fieldErrors') {
      setError(outcome.fields.advertisingId);
      idInput.current?.focus();
    } else {
      setFailure(t(`errors.${failureKey(outcome)}`));
    }
  };

  const again = () => {
    setReceipt(null);
    setAdvertisingId('');
    setTimeout(() => idInput.current?.focus());
  };

  // The receipt takes the form's place; ALTCHA's widget stays mounted below both, so the next opt-out's proof is solved by it.
  const receiptView = receipt && (
    <div className={styles.receipt} role="status">
      <h3 ref={receiptHeading} tabIndex={-1}>
        <CheckCircle2 size={22} strokeWidth={1.75} aria-hidden="true" />
        {t('optOut.receiptTitle')}
      </h3>
      <p>
        {t('optOut.receiptText', {
          date: receiptDate(receipt.optedOutAt, locale.tag),
          deadline: receiptDate(receipt.outOfSegmentsBy, locale.tag),
          hours: SEGMENT_UPLOAD_HOURS,
        })}
      </p>
      <dl>
        <div>
          <dt>{t('optOut.receiptReason')}</dt>
          <dd data-receipt-reason={receipt.reason}>{t(`optOut.reasons.${receipt.reason}.name`)}</dd>
        </div>
        <div>
          <dt>{t('optOut.receiptDevice')}</dt>
          <dd>{t(`optOut.devices.${receipt.deviceType}`)}</dd>
        </div>
        <div>
          <dt>{t('optOut.receiptId')}</dt>
          <dd className={styles.code} data-receipt-id>
            {receipt.id}
          </dd>
        </div>
      </dl>
      <p className={styles.hint}>{t('optOut.receiptAgain')}</p>
      <button type="button" className="button button--secondary" onClick={again}>
        {t('optOut.another')}
      </button>
    </div>
  );

  return (
    <>
      {receiptView || (
        <form className={styles.form} onSubmit={onSubmit} onFocus={start} noValidate aria-labelledby="opt-out-title">
          <fieldset className={styles.reasons}>
            <legend>{t('optOut.reasonLegend')}</legend>
            {SUPPRESSION_REASONS.map((option) => (
              <div key={option} className={styles.reason}>
                <input
                  type="radio"
                  id={`opt-out-reason-${option}`}
                  name="reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => setReason(option)}
                  aria-describedby={`opt-out-reason-${option}-hint`}
                />
                <label htmlFor={`opt-out-reason-${option}`}>{t(`optOut.reasons.${option}.label`)}</label>
                <p id={`opt-out-reason-${option}-hint`} className={styles.hint}>
                  {t(`optOut.reasons.${option}.hint`)}
                </p>
              </div>
            ))}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor="opt-out-device">{t('optOut.deviceType')}</label>
            <select id="opt-out-device" value={deviceType} onChange={(event) => setDeviceType(event.target.value as DeviceType)}>
              {DEVICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`optOut.devices.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="opt-out-id">
              {t('optOut.advertisingId')} <span className={styles.required}>({t('required')})</span>
            </label>
            <input
              ref={idInput}
              id="opt-out-id"
              name="advertisingId"
              value={advertisingId}
              onChange={(event) => setAdvertisingId(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode="text"
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('opt-out-id', error)}
              className={styles.code}
            />
            {error ? (
              <FieldError id="opt-out-id-error">{t([`errors.advertisingId.${error}`, 'errors.advertisingId.isAdvertisingId'])}</FieldError>
            ) : (
              <p id="opt-out-id-hint" className={styles.hint}>
                {t('optOut.advertisingIdHint')}
              </p>
            )}
          </div>
          <FormEnd failure={failure} sending={sending} sendingLabel={t('sending')} label={t('optOut.submit')} />
        </form>
      )}
      {/* ALTCHA's widget, invisible (it only computes), outside the form. */}
      <div ref={widgetHost} hidden />
    </>
  );
}

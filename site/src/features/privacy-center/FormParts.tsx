import { AlertCircle } from 'lucide-react';
import React, { type ReactNode } from 'react';
import { type SendOutcome, waitReason } from '../contact/use-proved-send';
import * as styles from './PrivacyCenter.module.css';

/** A field's error, named by its control's aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
      {children}
    </p>
  );
}

/** A form's last lines: what went wrong with the send (announced), and the button, which says when it is sending. */
export function FormEnd({
  failure,
  sending,
  sendingLabel,
  label,
}: {
  failure: string | null;
  sending: boolean;
  sendingLabel: string;
  label: string;
}) {
  return (
    <>
      <div aria-live="polite" className={styles.live}>
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
        {sending ? sendingLabel : label}
      </button>
    </>
  );
}

/** What a control says of its hint and error: the error replaces the hint. */
export const describedBy = (id: string, error: string | undefined, hint = true) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** The date and time of a receipt, as the page's language writes them. */
export const receiptDate = (iso: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** The message (errors.*) of a send that did not go through: no proof of work, a reason to wait (waitReason), or anything else. */
export const failureKey = (outcome: Extract<SendOutcome<unknown>, { kind: 'noProof' | 'failed' }>) =>
  outcome.kind === 'noProof' ? 'noProof' : (waitReason(outcome.failure) ?? 'failed');

import { AlertCircle } from 'lucide-react';
import React, { type ReactNode, useId } from 'react';
import * as styles from './ContactForm.module.css';

/** A labelled field of the form: its control gets the id, the required mark and its hint; an error replaces the hint. */
export function Field(props: {
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
      {error && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A field's error, named by the control's aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <AlertCircle size={16} strokeWidth={1.75} aria-hidden="true" />
      {children}
    </p>
  );
}

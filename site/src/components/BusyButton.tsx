import React, { type ButtonHTMLAttributes, type ReactNode } from 'react';
import * as styles from './BusyButton.module.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true: a spinner instead of the icon, `busyLabel` instead of the label, and the button marked unavailable. */
  busy: boolean;
  busyLabel: ReactNode;
  /** The icon shown while the button is not busy. */
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * A button whose action takes a while. It says it is busy with `aria-disabled`, not `disabled`, so that it keeps the
 * focus meanwhile; its click handler ignores the clicks of that time.
 */
export function BusyButton({ busy, busyLabel, icon, children, type = 'button', ...button }: Props) {
  return (
    <button type={type} {...button} aria-disabled={busy || button['aria-disabled']}>
      {busy ? <span className={`spinner ${styles.spinner}`} aria-hidden="true" /> : icon}
      {busy ? busyLabel : children}
    </button>
  );
}

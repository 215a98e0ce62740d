import React from 'react';
import { BRAND } from '../../config/site';
import * as styles from './Logo.module.css';

/** The mark (three rings narrowing to a point: an audience being segmented) and the name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`${styles.logo} ${inverted ? styles.inverted : ''}`}>
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="12.5" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.35" />
        <circle cx="14" cy="14" r="8" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.65" />
        <circle cx="14" cy="14" r="3.5" className={styles.dot} />
      </svg>
      <span className={styles.name}>{BRAND}</span>
    </span>
  );
}

import { useTranslation } from 'gatsby-plugin-react-i18next';
import { CheckCircle2 } from 'lucide-react';
import React, { useEffect, useRef } from 'react';
import * as styles from './ContactForm.module.css';

/**
 * The confirmation that replaces the form once the API has stored the request; `confirmationDelayed`: the confirmation
 * email waits for its hourly ceiling (the API's receipt), so the page says it may take up to an hour.
 */
export function DataSent({ email, confirmationDelayed }: { email: string; confirmationDelayed: boolean }) {
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
      {confirmationDelayed && <p>{t('sent.confirmationDelayed')}</p>}
      <p className={styles.sentNote}>{t('sent.note')}</p>
    </div>
  );
}

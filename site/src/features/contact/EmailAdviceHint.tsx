import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import * as styles from './ContactForm.module.css';
import type { EmailAdvice } from './use-email-advice';

/** Whether the advice has something to say (a suggestion, or free mail): the field shows a hint then. */
export const hasHint = (advice: EmailAdvice | null) => Boolean(advice && (advice.suggestion || advice.kind === 'FREE'));

/** The email field's hint from the API's advice: the likely address (applied on click), or a word on free mail. */
export function EmailAdviceHint({ advice, onUse }: { advice: EmailAdvice; onUse(suggestion: string): void }) {
  const { t } = useTranslation('contact');
  if (advice.suggestion) {
    const suggestion = advice.suggestion;
    return (
      <>
        {t('hints.didYouMean', { suggestion })}{' '}
        <button type="button" className={styles.suggestion} onClick={() => onUse(suggestion)}>
          {t('hints.useSuggestion', { suggestion })}
        </button>
      </>
    );
  }
  return advice.kind === 'FREE' ? <>{t('hints.freeEmail')}</> : null;
}

import { useTranslation } from 'gatsby-plugin-react-i18next';
import { AlertCircle, ListChecks } from 'lucide-react';
import React, { forwardRef } from 'react';
import { isInSelection, type SelectedAudience } from '../explorer/audience-request';
import { SelectedAudienceList } from '../explorer/SelectedAudiences';
import * as styles from './ContactForm.module.css';

interface Props {
  selection: readonly SelectedAudience[];
  /** Audiences the API said the catalogue no longer has: marked for the visitor to remove. */
  unavailable: readonly SelectedAudience[];
  announce(change: string): void;
}

/** The explorer's audiences that go with the request, above the form's button; focused when some are unavailable. */
export const RequestedAudiences = forwardRef<HTMLDivElement, Props>(function RequestedAudiences({ selection, unavailable, announce }, ref) {
  const { t } = useTranslation('contact');
  return (
    <div className={styles.audiences} ref={ref} tabIndex={-1} role="group" aria-labelledby="requested-audiences-title">
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
        announce={announce}
        onEmptied={() => document.querySelector<HTMLButtonElement>('#contact button[type="submit"]')?.focus()}
      />
      <a href="#explorer" className={styles.audiencesMore}>
        {t('audiences.more')}
      </a>
    </div>
  );
});

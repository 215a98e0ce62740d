import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Cookie } from 'lucide-react';
import React from 'react';
import { openConsentSettings } from './events';
import * as styles from './ChangeConsentButton.module.css';

/** The cookies page's button that reopens the cookie settings. */
export function ChangeConsentButton() {
  const { t } = useTranslation('cookies');
  return (
    <p>
      <button type="button" className={`button button--primary ${styles.button}`} onClick={openConsentSettings}>
        <Cookie size={18} strokeWidth={1.75} aria-hidden="true" />
        {t('changeChoice')}
      </button>
    </p>
  );
}

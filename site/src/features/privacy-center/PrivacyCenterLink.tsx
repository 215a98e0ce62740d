import { Link } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { ShieldCheck } from 'lucide-react';
import React from 'react';
import { useLocale } from '../i18n/use-locale';
import * as styles from './PrivacyCenterLink.module.css';

/** The way from a legal page to the privacy centre, where its rights are exercised (opt-out, objection, one's data). */
export function PrivacyCenterLink() {
  const { t } = useTranslation('privacy-center');
  const { path } = useLocale();
  return (
    <p className={styles.callout}>
      <ShieldCheck size={22} strokeWidth={1.75} aria-hidden="true" />
      <Link to={path('/privacy-center/')} data-nav="privacy-center">
        {t('link')}
      </Link>
    </p>
  );
}

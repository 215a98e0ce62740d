import { Link } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { BRAND, LINKEDIN_URL } from '../../config/site';
import { useLocale } from '../../features/i18n/use-locale';
import { Logo } from './Logo';
import { useCountryCount } from './use-country-count';
import * as styles from './Footer.module.css';

export function Footer() {
  const { t } = useTranslation('common');
  const { path } = useLocale();
  const countries = useCountryCount();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo inverted />
          <p>{t('footer.tagline', { countries })}</p>
        </div>
        <nav aria-label={t('footer.legalLabel')} className={styles.links}>
          <Link to={path('/legal/')} data-nav="terms">
            {t('nav.terms')}
          </Link>
          <Link to={path('/privacy/')} data-nav="privacy">
            {t('nav.privacy')}
          </Link>
          <Link to={path('/cookies/')} data-nav="cookies">
            {t('nav.cookies')}
          </Link>
          <a href={LINKEDIN_URL} target="_blank" rel="noopener noreferrer" className={styles.external} data-external="linkedin">
            <LinkedInMark />
            LinkedIn
            <span className="visually-hidden"> {t('footer.newTab')}</span>
          </a>
        </nav>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>{t('footer.copyright', { year: new Date().getFullYear(), brand: BRAND })}</p>
      </div>
    </footer>
  );
}

/** LinkedIn's mark (lucide no longer ships brand icons). */
function LinkedInMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path
        d={
          'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9' +
          'h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06' +
          ' 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79' +
          ' 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77' +
          ' 23.2 0 22.22 0z'
        }
      />
    </svg>
  );
}

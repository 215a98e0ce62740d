import { Link } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { BRAND, LINKEDIN_URL } from '../../config/site';
import { openConsentSettings, SETTINGS_FRAGMENT } from '../../features/consent/events';
import { useLocale } from '../../features/i18n/use-locale';
import { Logo } from './Logo';
import { useCountryCount } from './use-country-count';
import * as styles from './Footer.module.css';

/**
 * `settings`: how the cookie settings open. `dialog`, in the page; `page`, on the cookies page, for a page whose
 * document has no consent tool (the privacy centre's data page); `none`, the staff page's (staff have no cookies to set).
 */
export function Footer({ settings = 'dialog' }: { settings?: 'dialog' | 'page' | 'none' }) {
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
          <Link to={path('/privacy-center/')} data-nav="privacy-center">
            {t('nav.privacyCenter')}
          </Link>
          {/* Withdrawing is as easy as giving, from every page, before or after a decision: it opens the cookie settings. */}
          {settings === 'dialog' && (
            <button type="button" className={styles.settings} onClick={openConsentSettings} data-nav="cookie-settings">
              {t('consent:control')}
            </button>
          )}
          {settings === 'page' && (
            <Link to={`${path('/cookies/')}#${SETTINGS_FRAGMENT}`} className={styles.settings} data-nav="cookie-settings">
              {t('consent:control')}
            </Link>
          )}
          <a href={LINKEDIN_URL} target="_blank" rel="noopener noreferrer" className={styles.external} data-external="linkedin">
            {/*
              LinkedIn's mark (lucide no longer ships brand icons), white as the footer's links: a file of its own, not
              0.2 KB of numbers in every page (brotli), and lazy: not requested while the first screen is painted.
            */}
            <img src="/linkedin.svg" width={18} height={18} alt="" loading="lazy" />
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

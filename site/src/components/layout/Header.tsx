import { Link } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Menu, X } from 'lucide-react';
import React, { useEffect, useState } from 'react';
import { BRAND } from '../../config/site';
import { LOCALES } from '@segmentia/contracts/locales';
import { useLocale } from '../../features/i18n/use-locale';
import { LanguageLinks } from './LanguageLinks';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import * as styles from './Header.module.css';

/**
 * Fixed header: logo, legal links, languages and the contact button; a full-screen menu below 768 px, in the
 * document only while open: only the scripts open it, and closed it was half a kilobyte of every page (brotli).
 */
export function Header() {
  const { t } = useTranslation('common');
  const { originalPath, path } = useLocale();
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const home = path('/');
  const onHome = originalPath === '/';

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = '';
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const contactHref = `${home}#contact`;

  return (
    <header className={[styles.header, (scrolled || menuOpen) && styles.scrolled, menuOpen && styles.menuOpen].filter(Boolean).join(' ')}>
      <div className={`container ${styles.bar}`}>
        <a
          href={onHome ? '#segmentia' : `${home}#segmentia`}
          data-nav="home"
          className={styles.logo}
          aria-label={t('nav.home', { brand: BRAND })}
        >
          <Logo />
        </a>
        <nav className={styles.desktopNav} aria-label={t('nav.label')}>
          <Link to={path('/legal/')} className={styles.link} data-nav="terms">
            {t('nav.terms')}
          </Link>
          <Link to={path('/privacy/')} className={styles.link} data-nav="privacy">
            {t('nav.privacy')}
          </Link>
          <LanguageMenu />
          <a href={contactHref} className="button button--primary" data-cta="header_contact">
            {t('nav.contact')}
          </a>
        </nav>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'mobile-menu' : undefined}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X size={24} strokeWidth={1.75} aria-hidden="true" /> : <Menu size={24} strokeWidth={1.75} aria-hidden="true" />}
          <span className="visually-hidden">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className={styles.mobileMenu}>
          <nav className="container" aria-label={t('nav.label')}>
            <a href={contactHref} className="button button--primary" onClick={close} data-cta="menu_contact">
              {t('nav.contact')}
            </a>
            <Link to={path('/legal/')} className={styles.mobileLink} onClick={close} data-nav="terms">
              {t('nav.terms')}
            </Link>
            <Link to={path('/privacy/')} className={styles.mobileLink} onClick={close} data-nav="privacy">
              {t('nav.privacy')}
            </Link>
            <p className={styles.mobileHeading} id="mobile-languages">
              {t('language.label')}
            </p>
            <ul className={styles.mobileLanguages} aria-labelledby="mobile-languages">
              <LanguageLinks languages={LOCALES} className={styles.mobileLanguage} onPick={close} />
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}

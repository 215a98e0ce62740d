import '@fontsource-variable/inter';
import '../../styles/global.css';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode, useEffect } from 'react';
import { AnalyticsListener } from '../../features/analytics/AnalyticsListener';
import { ConsentManager } from '../../features/consent/ConsentManager';
import { useLanguageRedirect } from '../../features/i18n/language-redirect';
import { ErrorBoundary } from '../../features/resilience/ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  useLanguageRedirect(pathname);
  // Marks the page as interactive (React has attached its handlers): browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      <Footer />
      <ConsentManager />
      <AnalyticsListener pathname={pathname} />
    </>
  );
}

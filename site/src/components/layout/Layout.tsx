import '../../styles/global.css';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode, useEffect } from 'react';
import { AnalyticsListener } from '../../features/analytics/AnalyticsListener';
import { ConsentManager } from '../../features/consent/ConsentManager';
import { ErrorBoundary } from '../../features/resilience/ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Every page's frame. `staff`: the page shows leads' personal data, so no tag
 * may run in its document: no cookie bar, no consent scripts (Tag Manager,
 * Analytics), no analytics events (gatsby-browser makes it a full page load).
 */
export function Layout({ pathname, staff = false, children }: { pathname: string; staff?: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  // Marks the page as interactive (React has attached its handlers): browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Reached client-side from a page that ran tags: gatsby-browser is loading it in full; show nothing meanwhile.
  if (staff && typeof document !== 'undefined' && document.querySelector('script[data-consent-script]')) return null;
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
      {!staff && <ConsentManager />}
      {!staff && <AnalyticsListener pathname={pathname} />}
    </>
  );
}

import '../../styles/global.css';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode, Suspense, useEffect } from 'react';
import { AnalyticsListener } from '../../features/analytics/AnalyticsListener';
import { ConsentManager } from '../../features/consent/ConsentManager';
import { ErrorBoundary } from '../../features/resilience/ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';

/*
 * The frame's parts, each in its own Suspense boundary: React hydrates each
 * one's server-rendered HTML on its own, later, in slices of a few
 * milliseconds (no long task on a slow phone), and at once the part the visitor
 * clicks or types into. The same elements on every render, so that no update
 * reaches a part still waiting to hydrate (React would render it again).
 * The consent bar comes first in the document: the browser paints it in its
 * first frame, with the hero, and the visitor reaches it first (it is fixed
 * at the bottom of the screen).
 */
const CONSENT = (
  <Suspense fallback={null}>
    <ConsentManager />
  </Suspense>
);
const HEADER = (
  <Suspense fallback={null}>
    <Header />
  </Suspense>
);
const FOOTER = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);
// The staff page has no cookie settings to open (no consent tool in its document).
const STAFF_FOOTER = (
  <Suspense fallback={null}>
    <Footer settings="none" />
  </Suspense>
);
// The data page has no consent tool in its document either: its footer opens the settings on the cookies page.
const UNTAGGED_FOOTER = (
  <Suspense fallback={null}>
    <Footer settings="page" />
  </Suspense>
);

/**
 * Every page's frame. `untagged`: the page shows a person's data (the privacy
 * centre's data page), so no tag may run in its document: no cookie bar, no
 * consent scripts (Tag Manager, Analytics), no analytics events (gatsby-browser
 * makes it a full page load, and its security policy names no tag host).
 * `staff`: the same for the staff page, which shows leads.
 */
export function Layout({
  pathname,
  staff = false,
  untagged = staff,
  children,
}: {
  pathname: string;
  staff?: boolean;
  untagged?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  // Marks the page as interactive (React has attached its handlers): browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Reached client-side from a page that ran tags: gatsby-browser is loading it in full; show nothing meanwhile.
  if (untagged && typeof document !== 'undefined' && document.querySelector('script[data-consent-script]')) return null;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      {!untagged && CONSENT}
      {HEADER}
      <main id="main" tabIndex={-1}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      {staff ? STAFF_FOOTER : untagged ? UNTAGGED_FOOTER : FOOTER}
      {!untagged && <AnalyticsListener pathname={pathname} />}
    </>
  );
}

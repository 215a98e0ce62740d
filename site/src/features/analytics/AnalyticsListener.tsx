import { useEffect } from 'react';
import { startEngagementTimer } from './engagement';
import { passedThresholds } from './scroll-depth';
import { measuringAllowed, track } from './track';

/**
 * The page-wide events, from real interactions: clicks on calls to action
 * (`data-cta`), navigation links (`data-nav`) and external links
 * (`data-external`), scroll depth, and engagement time. `track` drops them
 * all while the visitor has not consented to measuring.
 */
export function AnalyticsListener({ pathname }: { pathname: string }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>('[data-cta], [data-nav], [data-external]');
      if (!target) return;
      const { cta, nav, external } = target.dataset;
      if (cta) track({ event: 'cta_click', cta_name: cta, location: pathname });
      if (nav) track({ event: 'navigation_click', section: nav, location: pathname });
      if (external)
        track({ event: 'external_link_click', link_name: external, link_url: (target as HTMLAnchorElement).href, link_location: pathname });
    };
    const reported = new Set<number>();
    const onScroll = () => {
      // A threshold passed before consent is not spent: it is reported once measuring is allowed.
      if (!measuringAllowed(document.cookie, 'scroll_depth', window.location.pathname)) return;
      const root = document.documentElement;
      for (const threshold of passedThresholds(window.scrollY, window.innerHeight, root.scrollHeight, reported)) {
        track({ event: 'scroll_depth', scroll_percentage: threshold });
      }
    };
    const engagement = startEngagementTimer((elapsed) => track({ event: 'user_engagement', engagement_time_msec: elapsed }));
    const onLeave = () => engagement.leave();
    document.addEventListener('click', onClick);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
      // Leaving the page inside the site ends its engagement too.
      engagement.leave();
    };
  }, [pathname]);
  return null;
}

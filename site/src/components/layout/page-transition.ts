import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How long the leaving page fades out (PageTransition.module.css fades the new one in as long). */
export const FADE_MS = 160;

/** What to show: the page (its path and elements), and whether it is leaving or has come by a navigation. */
export interface PageTransitionState {
  shown: { pathname: string; children: ReactNode };
  leaving: boolean;
  navigated: boolean;
}

/**
 * Page transitions, out then in: on a new path the page shown fades out for
 * `FADE_MS`, then the new page comes with the elements it has by then. New
 * elements for the page shown (new data, a hash change) come at once, and
 * never postpone a page that is on its way; so does a new page under
 * `prefers-reduced-motion`. The first page appears at once (painted by the
 * server): only navigations fade.
 */
export function usePageTransition(pathname: string, children: ReactNode): PageTransitionState {
  const [shown, setShown] = useState({ pathname, children });
  const [leaving, setLeaving] = useState(false);
  const [navigated, setNavigated] = useState(false);
  const shownPath = useRef(pathname);
  const latest = useRef(children);

  useEffect(() => {
    latest.current = children;
    setShown((current) => (current.pathname === pathname && current.children !== children ? { pathname, children } : current));
  }, [pathname, children]);

  useEffect(() => {
    // Back to the page shown before its fade ended: it stays.
    if (pathname === shownPath.current) return setLeaving(false);
    const show = () => {
      shownPath.current = pathname;
      setShown({ pathname, children: latest.current });
      setLeaving(false);
    };
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return show();
    setNavigated(true);
    setLeaving(true);
    const timer = window.setTimeout(show, FADE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return { shown, leaving, navigated };
}

import React, { type ReactNode, useEffect, useRef, useState } from 'react';
import * as styles from './PageTransition.module.css';

const FADE_MS = 160;

/**
 * Page transitions, out then in: the leaving page fades out, then the new one
 * fades in. Nothing moves under `prefers-reduced-motion`.
 */
export function PageTransition({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [shown, setShown] = useState({ pathname, children });
  const [leaving, setLeaving] = useState(false);
  // The first page appears at once (painted by the server): only navigations fade.
  const [navigated, setNavigated] = useState(false);
  const shownPath = useRef(pathname);

  useEffect(() => {
    const show = () => {
      shownPath.current = pathname;
      setShown({ pathname, children });
      setLeaving(false);
    };
    // Same page (new data, a hash change), or no motion wanted: swap at once.
    if (pathname === shownPath.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return show();
    setNavigated(true);
    setLeaving(true);
    const timer = window.setTimeout(show, FADE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, children]);

  return (
    <div className={leaving ? styles.leaving : navigated ? styles.entering : undefined} key={shown.pathname}>
      {shown.children}
    </div>
  );
}

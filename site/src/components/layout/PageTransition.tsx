import React, { type ReactNode, useEffect, useRef, useState } from 'react';
import * as styles from './PageTransition.module.css';

const FADE_MS = 160;

/**
 * Page transitions, out then in: the leaving page fades out, then the new one
 * fades in. Nothing moves under `prefers-reduced-motion`.
 */
export function PageTransition({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [shown, setShown] = useState({ pathname, children });
  const [phase, setPhase] = useState<'in' | 'out'>('in');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (pathname === shown.pathname) {
      setShown({ pathname, children });
      return;
    }
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setShown({ pathname, children });
      return;
    }
    setPhase('out');
    const timer = window.setTimeout(() => {
      setShown({ pathname, children });
      setPhase('in');
    }, FADE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, children]);

  return (
    <div className={phase === 'out' ? styles.leaving : styles.entering} key={shown.pathname}>
      {shown.children}
    </div>
  );
}

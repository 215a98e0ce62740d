import React, { type ReactNode } from 'react';
import * as styles from './PageTransition.module.css';
import { usePageTransition } from './page-transition';

/** The page, faded out and in between paths (page-transition.ts). */
export function PageTransition({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { shown, leaving, navigated } = usePageTransition(pathname, children);
  return (
    <div className={leaving ? styles.leaving : navigated ? styles.entering : undefined} key={shown.pathname}>
      {shown.children}
    </div>
  );
}

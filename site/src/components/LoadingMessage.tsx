import React, { type ReactNode } from 'react';

/** What a section shows while its content is on its way: a spinner and what is loading. */
export function LoadingMessage({ children, className = 'state-message' }: { children: ReactNode; className?: string }) {
  return (
    <p className={className}>
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

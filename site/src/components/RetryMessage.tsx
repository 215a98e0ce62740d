import { RotateCcw } from 'lucide-react';
import React, { type HTMLAttributes } from 'react';

interface Props extends HTMLAttributes<HTMLElement> {
  /** The element that holds the message: a section where the message is the whole view. */
  as?: 'div' | 'section';
  /** The button's label: retry, reload the page. */
  action: string;
  /** Tries again; reloads the page by default. */
  onRetry?(): void;
  primary?: boolean;
  /** False where another alert on the page already says what went wrong. */
  announce?: boolean;
}

/** What failed (its children), announced at once, and the button that tries again. */
export function RetryMessage({
  as: Element = 'div',
  action,
  onRetry = () => window.location.reload(),
  primary = false,
  announce = true,
  className = 'state-message',
  children,
  ...element
}: Props) {
  return (
    <Element className={className} role={announce ? 'alert' : undefined} {...element}>
      {children}
      <button type="button" className={`button ${primary ? 'button--primary' : 'button--secondary'}`} onClick={() => onRetry()}>
        <RotateCcw size={18} strokeWidth={1.75} aria-hidden="true" />
        {action}
      </button>
    </Element>
  );
}

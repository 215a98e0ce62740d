import type { GatsbySSR } from 'gatsby';
import React from 'react';
import { PageTransition } from './src/components/layout/PageTransition';
import { CONSENT_DECIDED_SNIPPET } from './src/features/consent/config';
import { CONSENT_MODE_SNIPPET } from './src/features/consent/consent-mode';
import { LANGUAGE_REDIRECT_SNIPPET } from './src/features/i18n/language-redirect';
import { FONT_SNIPPET } from './src/features/loading/font';
import { pageStylesheetRank } from './build/page-stylesheets';

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) => (
  <PageTransition pathname={props.location.pathname}>{element}</PageTransition>
);

/**
 * Consent Mode v2 defaults (all denied) come first in <head>, before any
 * script that could run a tag (after `/`'s language choice); then the mark
 * that hides the cookie bar for a visitor who already decided, and the font's
 * (features/loading/font.ts), before the page is painted.
 */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ pathname, getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents([
    // `/` only: the language choice for a static host, before anything else (servers decide it with a 302 first).
    ...(pathname === '/' ? [<script key="language-redirect" dangerouslySetInnerHTML={{ __html: LANGUAGE_REDIRECT_SNIPPET }} />] : []),
    // One script, so one hash in the security policy every answer carries.
    <script
      key="before-paint"
      dangerouslySetInnerHTML={{ __html: [CONSENT_MODE_SNIPPET, CONSENT_DECIDED_SNIPPET, FONT_SNIPPET].join(';') }}
    />,
    ...inCascadeOrder(getHeadComponents()),
  ]);
};

/** Where a page's own stylesheet (build/page-stylesheets.ts), which Gatsby inlines before the site's, comes. */
const pageStylesRank = (component: React.ReactNode) =>
  React.isValidElement<{ 'data-href'?: string }>(component) && component.type === 'style'
    ? pageStylesheetRank(component.props['data-href'] ?? '')
    : -1;

/** A page's own stylesheets after the site's, as when they were one (their rules refine the site's `.button` and the like). */
function inCascadeOrder(components: React.ReactNode[]): React.ReactNode[] {
  const ranked = components.map((component) => ({ component, rank: pageStylesRank(component) }));
  return [
    ...ranked.filter(({ rank }) => rank < 0),
    ...ranked.filter(({ rank }) => rank >= 0).sort((one, other) => one.rank - other.rank),
  ].map(({ component }) => component);
}

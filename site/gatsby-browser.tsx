import type { GatsbyBrowser } from 'gatsby';
import React from 'react';
import { PageTransition } from './src/components/layout/PageTransition';
import { hydrateEverythingNow } from './src/features/lazy/hydrate-when-near';
import { isStale, watchForNewBuilds } from './src/features/resilience/new-build';
import { isChunkLoadError, mayReload } from './src/features/resilience/reload-guard';
import { STAFF_PATH } from './src/features/security/paths';

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <PageTransition pathname={props.location.pathname}>{element}</PageTransition>
);

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  watchForNewBuilds();
  // Back, forward or a #fragment: before the router's own listener, every section still waiting to hydrate may now.
  window.addEventListener('popstate', hydrateEverythingNow, { once: true });
  // A script chunk that no longer exists (a new deployment) reloads the page, at most once per 10 s per path.
  const onChunkError = (error: unknown) => {
    if (isChunkLoadError(error) && mayReload(window.location.pathname, sessionStorage, Date.now())) window.location.reload();
  };
  window.addEventListener('error', (event) => onChunkError(event.error));
  window.addEventListener('unhandledrejection', (event) => onChunkError(event.reason));
};

const isStaffPage = (pathname: string) => STAFF_PATH.test(pathname);

/**
 * A full page load instead of a client-side one: once a new build is out, and
 * into or out of the staff page, so that no tag a public page ran (after
 * consent) is ever in the document that shows leads.
 */
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ location, prevLocation }) => {
  if (!prevLocation) return;
  // Before the router's update reaches the page: every section still waiting to hydrate (features/lazy) may now.
  hydrateEverythingNow();
  if (isStale() || isStaffPage(location.pathname) !== isStaffPage(prevLocation.pathname)) window.location.assign(location.href);
};


import type { GatsbyBrowser } from 'gatsby';
import React, { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PageTransition } from './src/components/layout/PageTransition';
import { attributionConsent, recordLanding } from './src/features/analytics/attribution';
import { prefetchForPath } from './src/features/lazy/home-chunks';
import { hydrateEverythingNow } from './src/features/lazy/hydrate-when-near';
import { fetchInterLater, applyInterIfLoaded } from './src/features/loading/font';
import { isStale, watchForNewBuilds } from './src/features/resilience/new-build';
import { isChunkLoadError, mayReload } from './src/features/resilience/reload-guard';
import { PRIVACY_CENTER_PATH, STAFF_PATH } from './src/features/security/paths';

const isStaffPage = (pathname: string) => STAFF_PATH.test(pathname);
const isPrivacyCenter = (pathname: string) => PRIVACY_CENTER_PATH.test(pathname);

/** The page React shows (the router's last pathname). */
let shownPathname = window.location.pathname;

/**
 * React hydrates the page as a transition: in slices of a few milliseconds, the browser free in between to paint and
 * to answer the visitor, instead of one task as long as the whole frame's hydration (what Gatsby's own call does, at
 * the default priority). Next.js hydrates the same way. The sections that hydrate later (features/lazy) are not
 * touched: they wait, as before, in their own Suspense boundaries. Not typed as GatsbyBrowser's: Gatsby's type
 * still names React 17's `render`.
 */
export const replaceHydrateFunction = () => (element: React.ReactNode, container: Element) => {
  startTransition(() => {
    hydrateRoot(container, element);
  });
};

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) => (
  <PageTransition pathname={props.location.pathname}>{element}</PageTransition>
);

/**
 * A script chunk that no longer exists (a new deployment) reloads the page, at most once per 10 s per path. The
 * guard's decision is left on <html> (data-chunk-reload: reloading or kept), so that a page kept is seen, not waited for.
 */
const onChunkError = (error: unknown) => {
  if (!isChunkLoadError(error)) return;
  const reload = mayReload(window.location.pathname, sessionStorage, Date.now());
  document.documentElement.dataset.chunkReload = reload ? 'reloading' : 'kept';
  if (reload) window.location.reload();
};
// Gatsby's runtime opens the page again on every unhandled chunk rejection, with no guard: a chunk that can never load
// (blocked by an extension) would reload the page in a loop. A target's listeners run in the order they were added
// (Chromium, capturing or not), so ours is added as this module is evaluated, before Gatsby's navigation module adds
// its own, and keeps the rejection from it.
window.addEventListener('unhandledrejection', (event) => {
  if (!isChunkLoadError(event.reason)) return;
  event.stopImmediatePropagation();
  onChunkError(event.reason);
});

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  watchForNewBuilds();
  // Where the visit came from, on its first public page (in memory; in sessionStorage with analytics consent, the gclid with marketing).
  if (!isStaffPage(window.location.pathname) && !isPrivacyCenter(window.location.pathname))
    recordLanding(window.location, document.referrer, attributionConsent(), sessionStorage);
  // Only the #fragment changed (an in-page link, or back and forward between two): the browser has scrolled and
  // React has nothing to render, so the router does not hear of it; its update would reach sections still
  // waiting to hydrate (features/lazy), and React would render them again. Added before the router's listener.
  window.addEventListener('popstate', (event) => {
    if (window.location.pathname === shownPathname) event.stopImmediatePropagation();
  });
  window.addEventListener('error', (event) => onChunkError(event.error));
  // Gatsby waits for this promise before it starts the page (its loader, the page's data, hydration): that work
  // runs in a task of its own, not in the one that evaluated the app's code.
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/**
 * A full page load instead of a client-side one: once a new build is out, and
 * into or out of the staff page, so that no tag a public page ran (after
 * consent) is ever in the document that shows leads, and into or out of the
 * privacy centre, whose pages nothing measures (scripts.ts starts no tag there).
 */
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ location, prevLocation }) => {
  if (!prevLocation) return;
  // Before the router's update reaches the page: every section still waiting to hydrate (features/lazy) may now.
  hydrateEverythingNow();
  const crosses = (isPage: (pathname: string) => boolean) => isPage(location.pathname) !== isPage(prevLocation.pathname);
  if (isStale() || crosses(isStaffPage) || crosses(isPrivacyCenter)) window.location.assign(location.href);
};

export const onPrefetchPathname: GatsbyBrowser['onPrefetchPathname'] = ({ pathname }) => prefetchForPath(pathname);

export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => fetchInterLater();

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location, prevLocation }) => {
  shownPathname = location.pathname;
  if (prevLocation) applyInterIfLoaded();
};

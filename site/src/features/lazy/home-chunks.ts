import { LOCALES, localizedPath } from '@segmentia/contracts/locales';
import { ownChunk } from './hydrate-when-near';

/*
 * The home page's interactive parts, each a chunk of its own: the page hydrates their sections once they have
 * loaded, as the visitor nears them (pages/index.tsx, HydrateWhenNear's `needs`).
 */

/** The explorer's panel: choices, search, the request's selection, the download. */
export const explorerPanel = ownChunk(() =>
  import(/* webpackChunkName: "explorer" */ '../explorer/ExplorerPanel').then((module) => module.ExplorerPanel),
);

/** The contact form, its validation library and the proof of work's widget. */
export const contactForm = ownChunk(() =>
  import(/* webpackChunkName: "contact-form" */ '../contact/ContactForm').then((module) => module.ContactForm),
);

const HOME_PATHS = new Set(LOCALES.map((locale) => localizedPath(locale.code, '/')));

/**
 * Gatsby prefetches, once the page is idle, the pages its links point to (gatsby-browser's onPrefetchPathname):
 * for a home page, the explorer's panel too, so that a navigation there shows it at once rather than its place.
 * Not from a home page (to another language's): its own explorer loads as the visitor nears it, and a page opened
 * at its top shows the hero. The form's section keeps its place while its chunk loads: it is further down.
 */
export function prefetchForPath(pathname: string): void {
  if (HOME_PATHS.has(pathname) && !HOME_PATHS.has(window.location.pathname)) void explorerPanel.load();
}

/*
 * Inter, the brand's text font, with no request before a page's first paint: the first page of a visit paints in the
 * system font and fetches Inter once it has hydrated; the pages after it use Inter (global.css: html[data-font]).
 * A web font the first paint waits for is what put the largest paint of every page 400 ms after its first
 * (Lighthouse, simulated phone), where a page without one paints both at once.
 */

/** Inter's face (PageMetadata.tsx declares its Latin subset, which holds every letter of the site's texts). */
const INTER = '1em "Inter Variable"';

/**
 * The head's inline script, before the first paint: a page opened from another page of the site (its referrer is this
 * origin; the site sends it within the origin) uses Inter, which the visit's first page has fetched into the cache.
 * Should it not be there, `font-display: optional` keeps the system font for that page.
 */
export const FONT_SNIPPET =
  "try{if(new URL(document.referrer).origin===location.origin)document.documentElement.setAttribute('data-font','')}catch(e){}";

/** Once the first page has hydrated: Inter fetched into the cache, not yet used (no swap on a page being read). */
export function fetchInterLater(): void {
  if (!document.documentElement.hasAttribute('data-font')) document.fonts?.load(INTER).catch(() => {});
}

/** A page shown client-side (after a click: no layout shift is counted) uses Inter once it has loaded. */
export function applyInterIfLoaded(): void {
  if (document.fonts?.check(INTER)) document.documentElement.setAttribute('data-font', '');
}

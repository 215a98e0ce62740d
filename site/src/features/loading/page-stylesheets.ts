/**
 * The stylesheet of the home page's sections below its first screen: not inlined, but loaded with the scripts once
 * the page is painted (features/loading/after-first-paint.ts); the first screen's document is a fifth lighter.
 */
export const DEFERRED_STYLESHEET = 'home-later-styles';

/**
 * Gatsby puts every stylesheet into one, inlined into every page. These parts go to stylesheets of their own
 * (gatsby-node), inlined only into the pages whose chunks use them; gatsby-ssr places them after the site's, as when
 * they were one (their rules refine the site's `.button` and the like).
 * - the staff page's (a quarter of the whole);
 * - the home page's sections, explorer and form (half of it): a legal page's document goes without them; those
 *   below the first screen load after the first paint.
 */
export const PAGE_STYLESHEETS: Record<string, RegExp> = {
  'staff-styles': /[\\/]src[\\/]features[\\/]staff[\\/]/,
  // Checked first: the home page's sections below its first screen (after the hero and the audiences' map).
  [DEFERRED_STYLESHEET]:
    /[\\/]src[\\/](?:components[\\/]home[\\/](?:Categories|Omnichannel|Contact)\.|features[\\/](?:explorer|contact)[\\/])/,
  'home-styles': /[\\/]src[\\/]components[\\/]home[\\/]/,
};

/** Whether a stylesheet's address (`/home-styles.<hash>.css`) is one of these. */
export const isPageStylesheet = (href: string): boolean => Object.keys(PAGE_STYLESHEETS).some((name) => href.startsWith(`/${name}.`));

/**
 * Gatsby puts every stylesheet into one, inlined into every page. These parts go to stylesheets of their own
 * (gatsby-node), inlined only into the pages whose chunks use them; gatsby-ssr places them after the site's, as when
 * they were one (their rules refine the site's `.button` and the like).
 * - the staff page's (a quarter of the whole);
 * - the home page's sections, explorer and form (half of it): a legal page's document goes without them.
 */
export const PAGE_STYLESHEETS: Record<string, RegExp> = {
  'staff-styles': /[\\/]src[\\/]features[\\/]staff[\\/]/,
  'home-styles': /[\\/]src[\\/](?:components[\\/]home|features[\\/](?:explorer|contact))[\\/]/,
};

/** Whether a stylesheet's address (`/home-styles.<hash>.css`) is one of these. */
export const isPageStylesheet = (href: string): boolean => Object.keys(PAGE_STYLESHEETS).some((name) => href.startsWith(`/${name}.`));

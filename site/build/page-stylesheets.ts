/**
 * The stylesheet of the home page's sections below its first screen: not inlined, but loaded with the scripts once
 * the page is painted (after-first-paint.ts), so the first screen's document carries only the rules it shows.
 */
export const DEFERRED_STYLESHEET = 'home-later-styles';

/** Matches a module whose path below site/src starts with one of `prefixes` (written with `/`, either separator matches). */
function modulesUnder(...prefixes: string[]): RegExp {
  const escaped = prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`).replaceAll('/', String.raw`[\\/]`));
  return new RegExp(String.raw`[\\/]src[\\/](?:${escaped.join('|')})`);
}

/**
 * Gatsby puts every stylesheet into one, inlined into every page. These parts go to stylesheets of their own
 * (gatsby-node), inlined only into the pages whose chunks use them; gatsby-ssr places them after the site's, as when
 * they were one (their rules refine the site's `.button` and the like), in this order (the shared fields and
 * dialogs before the rules that compose them):
 * - the form fields' and the dialogs', which the home page's forms, the staff page and the cookie settings share;
 * - the staff page's (a quarter of the whole);
 * - the cookie settings dialog's, which comes with its chunk when the dialog is first opened (webpack loads a lazy
 *   chunk's stylesheet before its code runs), and the cookies page's table: no other page carries them;
 * - the home page's sections, explorer and form (half of it): a legal page's document goes without them; those
 *   below the first screen, their icons (components/home/css-icons.tsx) and the coverage map's picture load after
 *   the first paint.
 */
export const PAGE_STYLESHEETS: Record<string, RegExp> = {
  'forms-styles': modulesUnder('styles/forms.module.css'),
  'dialogs-styles': modulesUnder('styles/dialogs.module.css'),
  'staff-styles': modulesUnder('features/staff/'),
  // The privacy centre's "your request's data": its section and the page its link opens.
  'my-data-styles': modulesUnder('features/my-data/'),
  'consent-settings-styles': modulesUnder('features/consent/ConsentSettings.'),
  'cookies-styles': modulesUnder('features/consent/CookieTable.', 'features/consent/ChangeConsentButton.'),
  // The privacy centre's page, and its link on the privacy and cookies pages.
  'privacy-center-styles': modulesUnder('features/privacy-center/'),
  // Before 'home-styles', which would take them too: the home page's sections below its first screen.
  [DEFERRED_STYLESHEET]: modulesUnder(
    ...['Categories.', 'Omnichannel.', 'Contact.', 'css-icons.', 'CoverageMapPicture.'].map((file) => `components/home/${file}`),
    'features/explorer/',
    'features/contact/',
  ),
  'home-styles': modulesUnder('components/home/'),
};

/** The stylesheet a module's rules go to (by its identifier, a path): the first of these that matches, if any. */
export const pageStylesheetOf = (module: string): string | undefined =>
  Object.entries(PAGE_STYLESHEETS).find(([, modules]) => modules.test(module))?.[0];

/** Where a stylesheet's address (`/home-styles.<hash>.css`) comes among these, -1 when it is not one of them. */
export const pageStylesheetRank = (href: string): number => Object.keys(PAGE_STYLESHEETS).findIndex((name) => href.startsWith(`/${name}.`));

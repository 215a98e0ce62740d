import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Gatsby's own folder in the built site: its slices (`_gatsby/slices/*.html`) are fragments it stitches into the pages
 * as it builds them, not pages, so no rewrite of a page applies to them.
 */
const GATSBY_FRAGMENTS = '_gatsby';

/** Every built page (.html) under `publicDir`, in folders too, but for Gatsby's fragments. */
export function htmlFiles(publicDir: string, dir = publicDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return dir === publicDir && entry.name === GATSBY_FRAGMENTS ? [] : htmlFiles(publicDir, file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

/** A built page's address, from its file under `publicDir`: `/` for index.html, `/en/legal/`, `/404.html`. */
export const pagePath = (publicDir: string, file: string): string =>
  `/${path.relative(publicDir, file).split(path.sep).join('/')}`.replace(/\/index\.html$/, '/');

/** Where a rewrite looks for markup: the page's address, and the rewrite's name for the error. */
export interface RewriteOf {
  page: string;
  rewrite: string;
}

/**
 * The markup `pattern` finds in a page's `html`: what the rewrite needs there (`expected` says what, in words). A page
 * without it fails the build, naming the page, the rewrite and what it expected: the rewrites read Gatsby's own markup,
 * and one that changed after an upgrade would otherwise leave every page as Gatsby wrote it, unnoticed.
 */
export function expectMarkup(html: string, pattern: RegExp, expected: string, { page, rewrite }: RewriteOf): RegExpExecArray {
  const found = pattern.exec(html);
  if (!found) throw new Error(`${page}: ${rewrite} expected ${expected} (${pattern.source}), and the page has none`);
  return found;
}

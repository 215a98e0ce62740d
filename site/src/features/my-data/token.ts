/** Where this tab keeps the link's token once it has left the address bar: a reload opens the data again. */
const KEY = 'segmentia.myDataToken';

const TOKEN_IN_FRAGMENT = /(?:^#|&)token=([\w-]{20,100})(?:&|$)/;

/**
 * The emailed link's token, taken from the URL's #fragment (which no server, log or Referer sees) as early as the
 * page's code runs, before any tag could read the address: kept in sessionStorage, and the fragment replaced out of
 * the address bar and the history. Without a fragment, the one this tab kept, else null.
 */
export function takeToken(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState' | 'state'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): string | null {
  const token = TOKEN_IN_FRAGMENT.exec(location.hash)?.[1];
  if (!token) return storage.getItem(KEY);
  storage.setItem(KEY, token);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return token;
}

/** The link is done with (erased, expired, used, unknown): the tab forgets it. */
export const forgetToken = (storage: Pick<Storage, 'removeItem'>) => storage.removeItem(KEY);

import { forgetToken, takeToken } from './token';

const TOKEN = 'aGVsbG8td29ybGQtdGhpcy1pcy1hLXRva2VuLTMyYg';

function browser(hash: string) {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  const replaced: string[] = [];
  const history = { state: null, replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url) };
  return { location: { hash, pathname: '/en/privacy-center/my-data/', search: '' }, history, storage, replaced };
}

describe("the link's token", () => {
  it('is read from the fragment, kept for a reload, and taken out of the address bar', () => {
    const tab = browser(`#token=${TOKEN}`);
    expect(takeToken(tab.location, tab.history, tab.storage)).toBe(TOKEN);
    expect(tab.replaced).toEqual(['/en/privacy-center/my-data/']);
    const reloaded = { ...tab, location: { ...tab.location, hash: '' } };
    expect(takeToken(reloaded.location, reloaded.history, tab.storage)).toBe(TOKEN);
    forgetToken(tab.storage);
    expect(takeToken(reloaded.location, reloaded.history, tab.storage)).toBeNull();
  });

  it('ignores a fragment without a token, or one that is not a token', () => {
    for (const hash of ['', '#main', '#token=', '#token=<script>', `#tokens=${TOKEN}`]) {
      const tab = browser(hash);
      expect(takeToken(tab.location, tab.history, tab.storage)).toBeNull();
      expect(tab.replaced).toEqual([]);
    }
  });
});

import { memoryStorage } from '../testing/memory-storage';
import type * as Store from './audience-request';

const audience = (country: string, id: string, reach = 1000): Store.SelectedAudience => ({
  country,
  audience: id,
  segmentId: `SGM-${country}-AUTO-${id.toUpperCase()}`,
  topic: 'automotive',
  name: id,
  locale: 'EN',
  reach,
});

/** A fresh store module over a fresh sessionStorage (the store keeps the selection at module level, as the page does). */
function freshStore(storage = memoryStorage()) {
  (globalThis as { window?: unknown }).window = { sessionStorage: storage };
  let store!: typeof Store;
  jest.isolateModules(() => {
    store = jest.requireActual<typeof Store>('./audience-request');
  });
  return { store, storage };
}

afterEach(() => delete (globalThis as { window?: unknown }).window);

describe('the selection of audiences to request', () => {
  it('reads only well-formed items from sessionStorage, each once, at most as many as the API takes', () => {
    const { store, storage } = freshStore();
    const read = (value: string) => {
      storage.setItem(store.SELECTION_KEY, value);
      return store.readSelection(storage).map((item) => `${item.country}:${item.audience}`);
    };
    expect(read('not json')).toEqual([]);
    expect(read('{"country":"DE"}')).toEqual([]);
    expect(
      read(
        JSON.stringify([
          audience('DE', 'motorsport-fans'),
          { ...audience('FR', 'wine'), reach: 'many' },
          audience('de', 'x'),
          audience('ES', 'Bad Id'),
          audience('DE', 'motorsport-fans'),
        ]),
      ),
    ).toEqual(['DE:motorsport-fans']);
    const many = Array.from({ length: 60 }, (_, index) => audience('IT', `a${index}`));
    expect(read(JSON.stringify(many))).toHaveLength(store.MAX_SELECTED);
    expect(store.MAX_SELECTED).toBe(50);
  });

  it('adds, keeps in sessionStorage, refuses the 51st, removes and clears', () => {
    const { store, storage } = freshStore();
    expect(store.selectAudience(audience('DE', 'motorsport-fans'))).toBe(true);
    expect(store.selectAudience(audience('DE', 'motorsport-fans'))).toBe(true);
    expect(store.readSelection(storage)).toEqual([audience('DE', 'motorsport-fans')]);
    for (let index = 1; index < store.MAX_SELECTED; index++) expect(store.selectAudience(audience('FR', `a${index}`))).toBe(true);
    expect(store.selectAudience(audience('FR', 'one-too-many'))).toBe(false);
    expect(store.readSelection(storage)).toHaveLength(50);
    store.unselectAudience({ country: 'DE', audience: 'motorsport-fans' });
    expect(store.readSelection(storage).some((item) => item.country === 'DE')).toBe(false);
    store.clearSelection();
    expect(storage.getItem(store.SELECTION_KEY)).toBeNull();
  });

  it('starts from what an earlier page of the visit kept', () => {
    const storage = memoryStorage();
    storage.setItem('segmentia-audiences', JSON.stringify([audience('PL', 'gamers')]));
    const { store } = freshStore(storage);
    expect(store.selectAudience(audience('PL', 'runners'))).toBe(true);
    expect(store.readSelection(storage).map((item) => item.audience)).toEqual(['gamers', 'runners']);
  });

  it('names the largest reach and renames in another language', () => {
    const { store, storage } = freshStore();
    store.selectAudience(audience('DE', 'motorsport-fans', 2_400_000));
    store.selectAudience(audience('DE', 'classic-cars', 300_000));
    store.selectAudience(audience('AT', 'motorsport-fans', 3_000_000));
    const selection = store.readSelection(storage);
    expect(store.largestOf(selection)?.country).toBe('AT');
    expect(store.largestOf([])).toBeUndefined();

    store.renameSelected('DE', 'DE', [{ id: 'motorsport-fans', interest: 'Motorsport-Fans', audienceSize: 2_500_000 }]);
    const renamed = store.readSelection(storage);
    expect(renamed.map((item) => [item.country, item.name, item.locale, item.reach])).toEqual([
      ['DE', 'Motorsport-Fans', 'DE', 2_500_000],
      ['DE', 'classic-cars', 'EN', 300_000],
      ['AT', 'motorsport-fans', 'EN', 3_000_000],
    ]);
  });
});

import { formatReach, sortByName } from './format';

describe('formatReach', () => {
  it("uses the locale's compact notation", () => {
    expect(formatReach(1_234_567, 'es-ES').replace(/\s/g, ' ')).toBe('1,2 M');
    expect(formatReach(1_234_567, 'en-US')).toBe('1.2M');
    expect(formatReach(1_234_567, 'de-DE').replace(/\s/g, ' ')).toBe('1,2 Mio.');
    expect(formatReach(48_300, 'en-US')).toBe('48.3K');
    expect(formatReach(48_300, 'de-DE')).toBe('48.300');
  });
});

describe('sortByName', () => {
  it("sorts by the language's collation", () => {
    const names = ['Polen', 'Österreich', 'Belgien'].map((name) => ({ name }));
    expect(sortByName(names, 'de-DE').map((item) => item.name)).toEqual(['Belgien', 'Österreich', 'Polen']);
  });
});

import { fewestPoints } from './fewest-points';

describe('the map areas that pick a country', () => {
  it('keep at most the points asked for, the one spanning the smallest triangle going first', () => {
    const square: [number, number][] = [
      [0, 0],
      [5, 0.1],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(fewestPoints(square, 4)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    expect(fewestPoints(square, 5)).toEqual(square);
    expect(fewestPoints(square, 3)).toHaveLength(3);
  });
});

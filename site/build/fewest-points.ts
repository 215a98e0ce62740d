/**
 * A polygon with at most `max` points: the point that spans the smallest
 * triangle with its two neighbours goes first (Visvalingam-Whyatt), until
 * `max` are left. A convex polygon stays convex and loses the least area.
 */
export function fewestPoints(points: [number, number][], max: number): [number, number][] {
  const kept = [...points];
  const triangle = (i: number) => {
    const [a, b, c] = [kept[(i + kept.length - 1) % kept.length]!, kept[i]!, kept[(i + 1) % kept.length]!];
    return Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
  };
  while (kept.length > max) {
    let smallest = 0;
    for (let i = 1; i < kept.length; i++) if (triangle(i) < triangle(smallest)) smallest = i;
    kept.splice(smallest, 1);
  }
  return kept;
}

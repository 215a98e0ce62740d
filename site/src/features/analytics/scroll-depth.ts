export const SCROLL_THRESHOLDS = [25, 50, 75, 100];

/** The thresholds newly passed at this scroll position (each reported once per page). */
export function passedThresholds(scrollTop: number, viewportHeight: number, documentHeight: number, reported: Set<number>): number[] {
  const scrollable = documentHeight - viewportHeight;
  const percentage = scrollable <= 0 ? 100 : Math.min(100, ((scrollTop + 1) / scrollable) * 100);
  const passed = SCROLL_THRESHOLDS.filter((threshold) => percentage >= threshold && !reported.has(threshold));
  passed.forEach((threshold) => reported.add(threshold));
  return passed;
}

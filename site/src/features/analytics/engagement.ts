/** The engagement timer of the specification: checked every 10 s. */
export const CHECK_INTERVAL_MS = 10_000;
/** Each sent once, when the visitor has been on the page that long. */
export const MILESTONES_MS = [30_000, 60_000, 120_000, 300_000];

/**
 * Reports engagement time: once at each milestone, checked every 10 s, and
 * once with the elapsed time when the visitor leaves. Returns a stop function.
 */
export function startEngagementTimer(report: (elapsedMs: number) => void, now: () => number = Date.now) {
  const started = now();
  const pending = [...MILESTONES_MS];
  const timer = setInterval(() => {
    const elapsed = now() - started;
    while (pending.length && elapsed >= pending[0]!) report(pending.shift()!);
    if (!pending.length) clearInterval(timer);
  }, CHECK_INTERVAL_MS);
  let left = false;
  return {
    /** The visitor leaves: the elapsed time, once. */
    leave() {
      if (left) return;
      left = true;
      clearInterval(timer);
      report(now() - started);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

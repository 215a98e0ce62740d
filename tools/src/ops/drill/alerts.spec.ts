import { alertVerdict } from './alerts';

describe("the drill's alert checks", () => {
  it('pass an alert pending soon after the fault, so firing within its `for`, and resolved; fail one early, late or unresolved', () => {
    const labels = { dependency: 'postgres' };
    const faultAt = 1_000_000;
    const verdict = (pendingAfter: number | undefined, resolved = true, forSeconds = 60) =>
      alertVerdict({ forSeconds: () => forSeconds }, 'SegmentiaDependencyDown', labels, {
        faultAt,
        pendingAt: pendingAfter === undefined ? undefined : faultAt + pendingAfter * 1000,
        clearedAt: faultAt + 100_000,
        resolvedAt: resolved ? faultAt + 102_000 : undefined,
      });
    expect(verdict(3)).toEqual({
      ok: true,
      figures: 'alert SegmentiaDependencyDown{dependency="postgres"} pending 3.0 s in, firing 63.0 s in (for: 60 s), resolved 2.0 s after',
    });
    expect(verdict(3, true, 10).figures).toContain('firing 13.0 s in (for: 10 s)');
    // Pending before the fault began: it fired for something else.
    expect(verdict(-30).ok).toBe(false);
    expect(verdict(30).ok).toBe(false);
    expect(verdict(undefined)).toEqual({
      ok: false,
      figures: 'alert SegmentiaDependencyDown{dependency="postgres"} did not fire within 75 s, resolved 2.0 s after',
    });
    expect(verdict(63, false).figures).toContain(', not resolved after');
  });
});

import { decisionCookies } from '../consent/store';
import { COOKIES } from '../consent/config';
import { CHECK_INTERVAL_MS, startEngagementTimer } from './engagement';
import { passedThresholds } from './scroll-depth';
import { measuringAllowed } from './track';

const jar = (chosen: string[]) =>
  decisionCookies(chosen, COOKIES, 182)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('measuring', () => {
  it('is allowed only with consent to a cookie that measures', () => {
    expect(measuringAllowed('', 'conversion', '/')).toBe(false);
    expect(measuringAllowed(jar([]), 'conversion', '/')).toBe(false);
    expect(measuringAllowed(jar(['analytics']), 'scroll_depth', '/')).toBe(true);
    expect(measuringAllowed(jar(['analytics']), 'conversion', '/')).toBe(true);
  });

  it('with marketing consent alone, measures the conversions and nothing else', () => {
    const marketing = jar(['tag-manager']);
    expect(measuringAllowed(marketing, 'generate_lead', '/')).toBe(true);
    expect(measuringAllowed(marketing, 'conversion', '/')).toBe(true);
    for (const event of ['scroll_depth', 'cta_click', 'audience_add', 'form_submit', 'user_engagement'] as const) {
      expect(measuringAllowed(marketing, event, '/')).toBe(false);
    }
  });
});

describe('the privacy centre', () => {
  it('is never measured, in any language, whatever the consent: its pages and the page a data link opens', () => {
    const everything = jar(['analytics', 'tag-manager']);
    for (const pathname of ['/privacy-center/', '/en/privacy-center/', '/fr/privacy-center/my-data/', '/privacy-center']) {
      for (const event of ['scroll_depth', 'cta_click', 'generate_lead', 'conversion'] as const) {
        expect({ pathname, event, allowed: measuringAllowed(everything, event, pathname) }).toEqual({ pathname, event, allowed: false });
      }
    }
    for (const pathname of ['/', '/en/privacy/', '/privacy-centers/', '/de/legal/']) {
      expect({ pathname, allowed: measuringAllowed(everything, 'cta_click', pathname) }).toEqual({ pathname, allowed: true });
    }
  });
});

describe('engagement timer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports 30, 60, 120 and 300 s once each, on the 10 s checks, then the elapsed time on leaving once', () => {
    const reports: number[] = [];
    const timer = startEngagementTimer(
      (elapsed) => reports.push(elapsed),
      () => Date.now(),
    );
    jest.advanceTimersByTime(29_000);
    expect(reports).toEqual([]);
    jest.advanceTimersByTime(1_000);
    expect(reports).toEqual([30_000]);
    jest.advanceTimersByTime(95_000);
    expect(reports).toEqual([30_000, 60_000, 120_000]);
    jest.advanceTimersByTime(400_000);
    expect(reports).toEqual([30_000, 60_000, 120_000, 300_000]);
    timer.leave();
    timer.leave();
    expect(reports).toEqual([30_000, 60_000, 120_000, 300_000, 525_000]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('checks only every 10 s: a milestone is reported at the next check', () => {
    const reports: number[] = [];
    startEngagementTimer((elapsed) => reports.push(elapsed));
    jest.advanceTimersByTime(CHECK_INTERVAL_MS * 3 - 1);
    expect(reports).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(reports).toEqual([30_000]);
  });
});

describe('scroll depth', () => {
  it('reports each threshold once as the visitor scrolls', () => {
    const reported = new Set<number>();
    expect(passedThresholds(0, 800, 4800, reported)).toEqual([]);
    expect(passedThresholds(2100, 800, 4800, reported)).toEqual([25, 50]);
    expect(passedThresholds(2000, 800, 4800, reported)).toEqual([]);
    expect(passedThresholds(4000, 800, 4800, reported)).toEqual([75, 100]);
  });

  it('counts a page that does not scroll as read to the end', () => {
    expect(passedThresholds(0, 900, 900, new Set())).toEqual([25, 50, 75, 100]);
  });
});

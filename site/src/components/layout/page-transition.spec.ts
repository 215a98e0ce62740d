/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FADE_MS, usePageTransition } from './page-transition';

function setUp({ reducedMotion = false } = {}) {
  window.matchMedia = ((query: string) => ({ matches: reducedMotion && query.includes('reduce') })) as typeof window.matchMedia;
  return renderHook(({ pathname, children }) => usePageTransition(pathname, children), {
    initialProps: { pathname: '/en/', children: 'home' as ReactNode },
  });
}

const shown = (hook: ReturnType<typeof setUp>) => [hook.result.current.shown.pathname, hook.result.current.shown.children];

describe('page transitions', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('show the first page at once, then fade a new one out and in', () => {
    const hook = setUp();
    expect(hook.result.current).toMatchObject({ leaving: false, navigated: false });
    hook.rerender({ pathname: '/en/legal/', children: 'legal' });
    expect(hook.result.current.leaving).toBe(true);
    expect(shown(hook)).toEqual(['/en/', 'home']);
    act(() => jest.advanceTimersByTime(FADE_MS));
    expect(shown(hook)).toEqual(['/en/legal/', 'legal']);
    expect(hook.result.current).toMatchObject({ leaving: false, navigated: true });
  });

  it('are not postponed by new elements for the page on its way: it comes with the last of them', () => {
    const hook = setUp();
    hook.rerender({ pathname: '/en/legal/', children: 'legal 1' });
    for (const step of [2, 3, 4]) {
      act(() => jest.advanceTimersByTime(FADE_MS / 2));
      hook.rerender({ pathname: '/en/legal/', children: `legal ${step}` });
    }
    // 1.5 fades after the navigation, three new elements later.
    expect(shown(hook)).toEqual(['/en/legal/', 'legal 4']);
    expect(hook.result.current.leaving).toBe(false);
  });

  it('give the page shown its new elements at once, and keep it when the visitor comes back before the fade ends', () => {
    const hook = setUp();
    hook.rerender({ pathname: '/en/', children: 'home, new data' });
    expect(shown(hook)).toEqual(['/en/', 'home, new data']);
    hook.rerender({ pathname: '/en/legal/', children: 'legal' });
    hook.rerender({ pathname: '/en/', children: 'home again' });
    expect(shown(hook)).toEqual(['/en/', 'home again']);
    expect(hook.result.current.leaving).toBe(false);
    act(() => jest.advanceTimersByTime(FADE_MS * 2));
    expect(shown(hook)).toEqual(['/en/', 'home again']);
  });

  it('swap at once when the visitor asks for no motion', () => {
    const hook = setUp({ reducedMotion: true });
    hook.rerender({ pathname: '/en/legal/', children: 'legal' });
    expect(shown(hook)).toEqual(['/en/legal/', 'legal']);
    expect(hook.result.current.leaving).toBe(false);
  });
});

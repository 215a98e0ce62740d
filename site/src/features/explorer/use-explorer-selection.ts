import { useEffect, useSyncExternalStore } from 'react';
import { SEARCH_LIMITS } from '@segmentia/contracts/search';
import { currentTopic } from '@segmentia/contracts/segments';

export interface Selection {
  country: string;
  topic: string;
  /** Words searched for in the country's audiences of every topic (`?q=motor`). */
  q: string;
}

const NONE: Selection = { country: '', topic: '', q: '' };
let current = NONE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Changes the explorer's country, topic or search and keeps them in the URL
 * (`?country=ES&topic=automotive`, `?country=DE&q=motor`) so that a link
 * reopens the same view.
 * A module-level store rather than the page's state: the category cards choose
 * a topic without re-rendering the page, so the explorer, still server-rendered
 * until it nears the viewport (pages/index.tsx), never receives new props
 * before it has hydrated.
 */
export function selectInExplorer(change: Partial<Selection>) {
  current = { ...current, ...change };
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(current)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
  listeners.forEach((listener) => listener());
}

/**
 * The explorer's selection, for the explorer itself. On mount it starts from
 * the URL (a renamed topic's old id opens the topic); unknown values are
 * ignored; a choice made in the server-rendered selects before React took
 * over is kept.
 */
export function useExplorerSelection(countries: readonly string[], topics: readonly string[]) {
  const selection = useSyncExternalStore(
    subscribe,
    () => current,
    () => NONE,
  );

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    // A choice made in the server-rendered selects before React took over is
    // still in the DOM (hydration leaves a select's value alone): it is the
    // visitor's latest word, so it wins over the URL.
    const chosen = (name: keyof Selection) =>
      document.querySelector<HTMLSelectElement>(`#explorer select[name="${name}"]`)?.value || undefined;
    const country = chosen('country') ?? params.get('country')?.toUpperCase() ?? '';
    // An old link's renamed topic (?topic=health-wellness) opens the topic under its new id, which the URL then shows.
    const topic = currentTopic(chosen('topic') ?? params.get('topic') ?? '');
    const q = document.querySelector<HTMLInputElement>('#explorer input[name="q"]')?.value || params.get('q') || '';
    selectInExplorer({
      country: countries.includes(country) ? country : '',
      topic: topics.includes(topic) ? topic : '',
      q: q.slice(0, SEARCH_LIMITS.max),
    });
  }, [countries, topics]);

  return selection;
}

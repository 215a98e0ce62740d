import { useCallback, useEffect, useState } from 'react';

export interface Selection {
  country: string;
  topic: string;
}

/**
 * The explorer's country and topic, kept in the URL (`?country=ES&topic=automotive`)
 * so that a link reopens the same view. Unknown values in the URL are ignored;
 * a choice made before the page became interactive is kept.
 */
export function useExplorerSelection(countries: readonly string[], topics: readonly string[]) {
  const [selection, setSelection] = useState<Selection>({ country: '', topic: '' });

  const update = useCallback((change: Partial<Selection>) => {
    setSelection((current) => {
      const next = { ...current, ...change };
      const params = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(next)) {
        if (value) params.set(key, value);
        else params.delete(key);
      }
      const query = params.toString();
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
      return next;
    });
  }, []);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    // A choice made in the server-rendered selects before React took over is
    // still in the DOM (hydration leaves a select's value alone): it is the
    // visitor's latest word, so it wins over the URL.
    const chosen = (name: keyof Selection) => document.querySelector<HTMLSelectElement>(`#explorer select[name="${name}"]`)?.value || undefined;
    const early = { country: chosen('country'), topic: chosen('topic') };
    const country = early.country ?? params.get('country')?.toUpperCase() ?? '';
    const topic = early.topic ?? params.get('topic') ?? '';
    const initial = { country: countries.includes(country) ? country : '', topic: topics.includes(topic) ? topic : '' };
    // An early choice goes into the URL like any other.
    if (early.country || early.topic) update(initial);
    else setSelection(initial);
  }, [countries, topics, update]);

  return [selection, update] as const;
}

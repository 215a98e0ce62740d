import { useCallback, useEffect, useState } from 'react';

export interface Selection {
  country: string;
  topic: string;
}

/**
 * The explorer's country and topic, kept in the URL (`?country=ES&topic=automotive`)
 * so that a link reopens the same view. Unknown values in the URL are ignored.
 */
export function useExplorerSelection(countries: readonly string[], topics: readonly string[]) {
  const [selection, setSelection] = useState<Selection>({ country: '', topic: '' });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const country = params.get('country')?.toUpperCase() ?? '';
    const topic = params.get('topic') ?? '';
    setSelection({ country: countries.includes(country) ? country : '', topic: topics.includes(topic) ? topic : '' });
  }, [countries, topics]);

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

  return [selection, update] as const;
}

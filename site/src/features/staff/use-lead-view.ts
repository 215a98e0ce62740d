import { useCallback, useEffect, useState } from 'react';
import { type LeadFilters, type LeadTab, type LeadView, readView, viewSearch } from './filters';

/**
 * The filters and the open lead, kept in the URL's query so that a link
 * reopens the same view. Null until the URL is read, on the client.
 */
export function useLeadView() {
  const [view, setView] = useState<LeadView | null>(null);

  useEffect(() => setView(readView(window.location.search)), []);

  useEffect(() => {
    if (!view) return;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${viewSearch(search, view)}${hash}`);
  }, [view]);

  const setFilters = useCallback(
    (change: Partial<LeadFilters>) => setView((current) => current && { ...current, filters: { ...current.filters, ...change } }),
    [],
  );
  const openLead = useCallback((lead: string | null) => setView((current) => current && { ...current, lead }), []);
  const openTab = useCallback((tab: LeadTab) => setView((current) => current && { ...current, tab }), []);

  return { view, setFilters, openLead, openTab };
}

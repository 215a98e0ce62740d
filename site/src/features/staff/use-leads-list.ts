import { NetworkStatus } from '@apollo/client';
import { skipToken, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type LeadFilters, leadOrderOf, leadsFilterOf } from './filters';
import { LeadsDocument, type LeadsQueryVariables, type LeadSummaryFragment } from './generated';
import type { LocalProblem } from './problems';
import { localProblem, PAGE_SIZE } from './staff-client';

export type LeadsList =
  | { status: 'loading' }
  | { status: 'failed'; problem: LocalProblem | null }
  | { status: 'ready'; leads: LeadSummaryFragment[]; totalCount: number; totalIsExact: boolean; hasNextPage: boolean };

/** "Load more": idle, asking, or why its last page failed. */
export type More = 'idle' | 'loading' | LocalProblem;

/**
 * The staff list for the view's filters, a page at a time. New filters ask for their first page afresh, and the list
 * on screen stays meanwhile (`refreshing`); `loadMore` appends the next page and resolves with it, or with null when
 * it failed or the filters changed meanwhile; `retry` asks again after a failure.
 */
export function useLeadsList(filters: LeadFilters | undefined) {
  const variables = useMemo<LeadsQueryVariables | null>(
    () => (filters ? { filter: leadsFilterOf(filters), orderBy: leadOrderOf(filters), first: PAGE_SIZE, after: null } : null),
    [filters],
  );
  const { data, previousData, error, loading, networkStatus, fetchMore, refetch } = useQuery(
    LeadsDocument,
    variables ? { variables, notifyOnNetworkStatusChange: true } : skipToken,
  );
  // Each list's own: the list of new filters starts with no page failed.
  const [more, setMore] = useState<{ of: LeadsQueryVariables | null; state: More }>({ of: null, state: 'idle' });
  const current = useRef(variables);
  useEffect(() => {
    current.current = variables;
  }, [variables]);

  const page = (data ?? previousData)?.leads;
  const list: LeadsList = error
    ? { status: 'failed', problem: localProblem(error) }
    : page
      ? {
          status: 'ready',
          leads: page.edges.map((edge) => edge.node),
          // Past the API's counting limit, "more than" that many.
          totalCount: page.totalCount,
          totalIsExact: page.totalCountPrecision === 'EXACT',
          hasNextPage: page.pageInfo.hasNextPage,
        }
      : { status: 'loading' };

  const loadMore = async () => {
    if (!variables || !data?.leads.pageInfo.hasNextPage || (more.of === variables && more.state === 'loading')) return null;
    setMore({ of: variables, state: 'loading' });
    try {
      const { data: next } = await fetchMore({ variables: { after: data.leads.pageInfo.endCursor } });
      if (current.current !== variables) return null;
      setMore({ of: variables, state: 'idle' });
      return {
        added: next.leads.edges.map((edge) => edge.node),
        totalCount: next.leads.totalCount,
        totalIsExact: next.leads.totalCountPrecision === 'EXACT',
      };
    } catch (failure) {
      setMore({ of: variables, state: localProblem(failure) ?? 'idle' });
      return null;
    }
  };

  return {
    list,
    refreshing: Boolean(page) && loading && networkStatus !== NetworkStatus.fetchMore,
    more: more.of === variables ? more.state : 'idle',
    loadMore,
    // Its failure shows as the list's.
    retry: () => void refetch().catch(() => undefined),
  };
}

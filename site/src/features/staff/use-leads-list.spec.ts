/** @jest-environment jsdom */
import { ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import React, { type ReactNode } from 'react';
import { Observable } from 'rxjs';
import { type LeadFilters, NO_FILTERS } from './filters';
import type { LeadsQueryVariables } from './generated';
import type { Problem } from './problems';
import { createStaffClient, PAGE_SIZE } from './staff-client';
import { useLeadsList } from './use-leads-list';

jest.mock('./session', () => ({ idToken: async () => 'token-of-ana' }));

const lead = (number: number) => ({
  __typename: 'Lead',
  id: `lead-${number}`,
  receivedAt: '2026-05-04T10:00:00.000Z',
  agencyName: `Agencia ${number}`,
  contactName: 'Ana',
  email: 'ana@agencia.es',
  freeEmail: false,
  interest: 'SEGMENTIA_SOLUTIONS',
  locale: 'ES',
  status: 'NEW',
  source: null,
  fitScore: 50,
  requestNumber: 1,
  repeatOf: null,
  requestedAudiences: [],
});

/** The API's answer to one page of `count` leads, numbered from `from`, `total` in all (or more than that). */
function page(from: number, count: number, total: number, precision: 'EXACT' | 'AT_LEAST' = 'EXACT') {
  const edges = Array.from({ length: count }, (_, index) => ({ __typename: 'LeadEdge', node: lead(from + index) }));
  const last = from + count - 1;
  return {
    leads: {
      __typename: 'LeadConnection',
      totalCount: total,
      totalCountPrecision: precision,
      pageInfo: { __typename: 'PageInfo', hasNextPage: last < total, endCursor: `c${last}` },
      edges,
    },
  };
}

type Answer = { data: unknown } | { errors: GraphQLError[] } | Error;

/** A client whose transport answers with `answer(variables)`, and records the operations it was sent. */
function setUp(answer: (variables: LeadsQueryVariables) => Answer | Promise<Answer>) {
  const sent: { variables: LeadsQueryVariables; authorization: string }[] = [];
  const problems: Problem[] = [];
  const transport = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const variables = operation.variables as LeadsQueryVariables;
        sent.push({ variables, authorization: (operation.getContext().headers as Record<string, string>).authorization! });
        void Promise.resolve(answer(variables)).then((result) => {
          if (result instanceof Error) return observer.error(result);
          observer.next(result as never);
          observer.complete();
        });
      }),
  );
  const client = createStaffClient((problem) => problems.push(problem), transport);
  const wrapper = ({ children }: { children: ReactNode }) => React.createElement(ApolloProvider, { client, children });
  return { sent, problems, client, wrapper };
}

const render = (wrapper: ReturnType<typeof setUp>['wrapper'], filters: LeadFilters) =>
  renderHook((props: { filters: LeadFilters }) => useLeadsList(props.filters), { wrapper, initialProps: { filters } });

describe('useLeadsList', () => {
  it('reads the first page with the account’s token, then appends the next with "load more"', async () => {
    const { sent, wrapper } = setUp(({ after }) => ({ data: after ? page(26, 2, 27) : page(1, PAGE_SIZE, 27) }));
    const { result } = render(wrapper, NO_FILTERS);
    expect(result.current.list).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    expect(result.current.list).toMatchObject({ totalCount: 27, hasNextPage: true });
    expect(sent).toEqual([
      { variables: { filter: {}, orderBy: 'NEWEST', first: PAGE_SIZE, after: null }, authorization: 'Bearer token-of-ana' },
    ]);

    let added: Awaited<ReturnType<typeof result.current.loadMore>> = null;
    await act(async () => {
      added = await result.current.loadMore();
    });
    expect(added!.added.map((item) => item.id)).toEqual(['lead-26', 'lead-27']);
    expect(sent[1]!.variables.after).toBe('c25');
    // The cache tells the list after the page's promise has resolved.
    const shown = () => (result.current.list.status === 'ready' ? result.current.list : null);
    await waitFor(() => expect(shown()?.leads).toHaveLength(27));
    expect(shown()?.hasNextPage).toBe(false);
    expect(result.current.more).toBe('idle');
  });

  it('keeps the list on screen while new filters load, then shows theirs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { wrapper } = setUp(async ({ filter }) => {
      if (filter?.status) await held;
      return { data: filter?.status ? page(100, 1, 1) : page(1, 3, 3) };
    });
    const { result, rerender } = render(wrapper, NO_FILTERS);
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    rerender({ filters: { ...NO_FILTERS, status: 'QUALIFIED' } });
    await waitFor(() => expect(result.current.refreshing).toBe(true));
    expect(result.current.list).toMatchObject({ status: 'ready', totalCount: 3 });
    release();
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', totalCount: 1 }));
    expect(result.current.refreshing).toBe(false);
  });

  it('says the API cannot be reached, and reads the list on retry', async () => {
    let fail = true;
    const { problems, wrapper } = setUp(() => (fail ? new TypeError('Failed to fetch') : { data: page(1, 2, 2) }));
    const { result } = render(wrapper, NO_FILTERS);
    await waitFor(() => expect(result.current.list).toEqual({ status: 'failed', problem: { kind: 'network' } }));
    expect(problems).toEqual(['network']);
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', totalCount: 2 }));
  });

  it('tells a read the database gave up on from an outage; on retry the list shows it is being read again', async () => {
    const timeout = new GraphQLError('The leads list took longer than 5000 ms', { extensions: { code: 'QUERY_TIMEOUT' } });
    let answer: () => Answer | Promise<Answer> = () => ({ errors: [timeout] });
    const { problems, wrapper } = setUp(() => answer());
    const { result } = render(wrapper, NO_FILTERS);
    await waitFor(() => expect(result.current.list).toEqual({ status: 'failed', problem: { kind: 'timeout' } }));
    expect(problems).toEqual(['timeout']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await held;
      return { data: page(1, 2, 2) };
    };
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.list).toEqual({ status: 'loading' }));
    release();
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', totalCount: 2 }));
  });

  it('keeps the list when "load more" fails, and says why beside its button', async () => {
    const { wrapper } = setUp(({ after }) => (after ? new TypeError('Failed to fetch') : { data: page(1, PAGE_SIZE, 30) }));
    const { result } = render(wrapper, NO_FILTERS);
    await waitFor(() => expect(result.current.list.status).toBe('ready'));
    await act(async () => {
      expect(await result.current.loadMore()).toBeNull();
    });
    expect(result.current.more).toEqual({ kind: 'network' });
    expect(result.current.list).toMatchObject({ status: 'ready', totalCount: 30 });
  });

  it("says when the total is the API's counting limit, past which there are more", async () => {
    const { wrapper } = setUp(() => ({ data: page(1, PAGE_SIZE, 1000, 'AT_LEAST') }));
    const { result } = render(wrapper, NO_FILTERS);
    await waitFor(() => expect(result.current.list).toMatchObject({ status: 'ready', totalCount: 1000, totalIsExact: false }));
  });

  it('leaves an ended session to the page: shown nowhere in the list', async () => {
    const expired = new GraphQLError('Session expired', { extensions: { code: 'UNAUTHENTICATED', reason: 'expired' } });
    const { problems, wrapper } = setUp(() => ({ errors: [expired] }));
    const { result } = render(wrapper, NO_FILTERS);
    await waitFor(() => expect(result.current.list).toEqual({ status: 'failed', problem: null }));
    expect(problems).toEqual(['expired']);
  });
});

/**
 * The staff page's Apollo Client, in the chunk of the signed-in page: every operation goes by POST with the signed-in
 * account's Firebase ID token, and its answer is for staff only (the API says no-store). One client per sign-in, so
 * that nothing one account read stays in memory for the next.
 */
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError, ServerParseError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { relayStylePagination } from '@apollo/client/utilities';
import { API_URL } from '../../config/site';
import { failureOf } from '../api/failure';
import { apiProblem, blocksAccount, endsSession, firebaseCode, type LocalProblem, type Problem, refusalOf, tokenProblem } from './problems';

export const PAGE_SIZE = 25;

/** The account's ID token for one operation, from Firebase Auth's chunk (the page loaded it before anyone signed in). */
const idToken = async () => (await import(/* webpackChunkName: "staff-session" */ './session')).idToken();

/**
 * A client whose every failed operation is told to `onProblem` too, so that an ended session or a refused account is
 * handled once, for all; `transport` sends the operations (the API over HTTP, or a test's answers).
 */
export function createStaffClient(
  onProblem: (problem: Problem) => void,
  transport: ApolloLink = new HttpLink({ uri: API_URL }),
): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      // The handler returns nothing: what it returned would be the operation's retry.
      new ErrorLink(({ error }) => {
        onProblem(problemOf(error));
      }),
      new SetContextLink(async ({ headers }) => ({ headers: { ...headers, authorization: `Bearer ${await idToken()}` } })),
      transport,
    ]),
    cache: new InMemoryCache({
      // One list per filter and order; "load more" appends its next page.
      typePolicies: { Query: { fields: { leads: relayStylePagination(['filter', 'orderBy']) } } },
    }),
    // Several people work the same leads: a view asks afresh when it opens, then shows the answers to this page's own changes.
    defaultOptions: { watchQuery: { fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' } },
  });
}

/** What a failed operation means for the page: the API's answer, Firebase's when no ID token could be had, or no connection. */
export function problemOf(error: unknown): Problem {
  if (CombinedGraphQLErrors.is(error)) return apiProblem(failureOf(error.errors));
  // A proxy's error page, or no GraphQL answer at all: the API was reached but did not answer.
  if (ServerError.is(error) || ServerParseError.is(error)) return 'unavailable';
  const code = firebaseCode(error);
  return code ? tokenProblem(code) : 'network';
}

/** The problem to show where the operation was made, or null when the page handles it (the session ended, the account has no access). */
export function localProblem(error: unknown): LocalProblem | null {
  const kind = problemOf(error);
  if (endsSession(kind) || blocksAccount(kind)) return null;
  if (kind === 'refused' && CombinedGraphQLErrors.is(error)) {
    return { kind, detail: refusalOf(failureOf(error.errors), error.errors[0]?.message ?? '') };
  }
  return { kind };
}

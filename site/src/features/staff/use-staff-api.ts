import { useCallback } from 'react';
import { type Blocker, blocksAccount, endsSession, type LocalProblem, type SessionEnd } from './problems';

type Api = typeof import('./leads-api');
/** A failed call's problem, or null when the page handles it (the session ended, the account has no access). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: LocalProblem | null };

/**
 * Calls the staff API client, which loads on first use. A session that ended
 * and an account without access are handled here, for every call; other
 * problems go back to the caller to show.
 */
export function useStaffApi(onSessionEnd: (end: SessionEnd) => void, onBlocked: (blocker: Blocker) => void) {
  return useCallback(
    async <T>(call: (api: Api) => Promise<T>): Promise<Outcome<T>> => {
      let api: Api;
      try {
        api = await import(/* webpackChunkName: "staff-api" */ './leads-api');
      } catch {
        return { ok: false, problem: 'network' };
      }
      try {
        return { ok: true, value: await call(api) };
      } catch (error) {
        const problem = api.problemOf(error);
        if (endsSession(problem)) onSessionEnd(problem);
        if (blocksAccount(problem)) onBlocked(problem);
        return { ok: false, problem: endsSession(problem) || blocksAccount(problem) ? null : problem };
      }
    },
    [onSessionEnd, onBlocked],
  );
}

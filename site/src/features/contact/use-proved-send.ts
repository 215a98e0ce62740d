import { type RefObject, useMemo } from 'react';
import type { ApiFailure } from '../api/failure';
import type { ProofOfWork } from './proof-of-work';
import { loadProofOfWork, type NoProof, type ProofRefused, useProofOfWork } from './use-proof-of-work';

type Api = typeof import('../api/client');

/** The API's field codes of a refused proof of work. */
const PROOF_REFUSALS = ['altchaMissing', 'altchaInvalid', 'altchaExpired', 'altchaReused'];

/** What became of a form sent with a proof of work, as the form shows it. */
export type SendOutcome<T> =
  | { kind: 'done'; receipt: T }
  /** The API refused some of the form's own fields: the first code of each, in the API's order. */
  | { kind: 'fieldErrors'; fields: Record<string, string> }
  | NoProof
  /** Anything else, as the API's error contract says it: its code (NETWORK when it was not reached) and its data. */
  | { kind: 'failed'; failure: ApiFailure };

/**
 * Why the API turned a proved send away for now, as the forms word it: sent faster than a person fills the form
 * (altchaTooSoon: send again in a moment, the same proof), past an hourly ceiling of all visitors together
 * (TOO_MANY_REQUESTS, reason hourlyCeiling: again within the hour), or too many sends from this visitor (a minute).
 */
export function waitReason(failure: ApiFailure): 'tooSoon' | 'ceiling' | 'tooMany' | null {
  if (failure.fieldErrors.altcha?.some((refusal) => refusal.code === 'altchaTooSoon')) return 'tooSoon';
  if (failure.code !== 'TOO_MANY_REQUESTS') return null;
  return failure.reason === 'hourlyCeiling' ? 'ceiling' : 'tooMany';
}

/** Sends once and reads the API's answer; field errors count only for the form's own `fields` (any other is `failed`). */
export async function sendOnce<T>(
  send: () => Promise<T>,
  describeFailure: (error: unknown) => ApiFailure,
  fields: readonly string[],
): Promise<Exclude<SendOutcome<T>, NoProof> | ProofRefused> {
  try {
    return { kind: 'done', receipt: await send() };
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.fieldErrors.altcha?.some((refusal) => PROOF_REFUSALS.includes(refusal.code))) return { kind: 'proofRefused' };
    const refused = Object.entries(failure.fieldErrors).filter(([field, errors]) => fields.includes(field) && errors[0]);
    if (!refused.length) return { kind: 'failed', failure };
    return { kind: 'fieldErrors', fields: Object.fromEntries(refused.map(([field, [first]]) => [field, first!.code])) };
  }
}

/**
 * How the site's forms send (the contact form, the privacy centre's): with ALTCHA's proof of work, its widget in `host`
 * and solved from `start()` (the visitor's first focus in the form), a refused proof made again once. The API client
 * loads on first use.
 */
export function useProvedSend(host: RefObject<HTMLElement | null>, load: (host: HTMLElement) => Promise<ProofOfWork> = loadProofOfWork) {
  const proofOfWork = useProofOfWork(host, load);
  return useMemo(
    () => ({
      start: proofOfWork.start,
      async send<T>(call: (api: Api, altcha: string) => Promise<T>, fields: readonly string[]): Promise<SendOutcome<T>> {
        let api: Api;
        try {
          api = await import('../api/client');
        } catch {
          return { kind: 'failed', failure: { code: 'NETWORK', fieldErrors: {} } };
        }
        return proofOfWork.withProof((altcha) => sendOnce(() => call(api, altcha), api.describeFailure, fields));
      },
    }),
    [proofOfWork],
  );
}

import type { ApiFailure } from '../api/failure';

/** The API's field codes of a refused proof of work: the form makes another, once (use-proof-of-work.ts). */
const PROOF_REFUSALS = ['altchaMissing', 'altchaInvalid', 'altchaExpired', 'altchaReused'];

/** What became of a form sent from the privacy centre, as the page shows it. */
export type SendOutcome<T> =
  | { kind: 'done'; receipt: T }
  | { kind: 'proofRefused' }
  /** The API refused some of the form's own fields: the first code of each. */
  | { kind: 'fieldErrors'; fields: Record<string, string> }
  | { kind: 'tooMany' }
  /** Anything else: no connection, the API unavailable, an error of ours. */
  | { kind: 'failed' };

/** Sends once and reads the API's answer; field errors count only for the form's own `fields`. */
export async function sendForm<T>(
  send: () => Promise<T>,
  describeFailure: (error: unknown) => ApiFailure,
  fields: readonly string[],
): Promise<SendOutcome<T>> {
  try {
    return { kind: 'done', receipt: await send() };
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.fieldErrors.altcha?.some((refusal) => PROOF_REFUSALS.includes(refusal.code))) return { kind: 'proofRefused' };
    if (failure.code === 'TOO_MANY_REQUESTS') return { kind: 'tooMany' };
    const refused = Object.entries(failure.fieldErrors).filter(([field, errors]) => fields.includes(field) && errors[0]);
    if (!refused.length) return { kind: 'failed' };
    return { kind: 'fieldErrors', fields: Object.fromEntries(refused.map(([field, [first]]) => [field, first!.code])) };
  }
}

import { type RefObject, useMemo, useRef } from 'react';
import type { ProofOfWork } from './proof-of-work';

/** The widget's proof of work, in the form's chunk: ALTCHA's widget in `host` (outside the form), its challenges from the API. */
export async function loadProofOfWork(host: HTMLElement): Promise<ProofOfWork> {
  const [{ ProofOfWork }, api] = await Promise.all([import('./proof-of-work'), import('../api/client')]);
  const widget = document.createElement('altcha-widget');
  host.append(widget);
  const proof = new ProofOfWork(widget, api.fetchContactChallenge);
  proof.start();
  return proof;
}

/** The API refused the proof a send carried (expired, already used, …): `withProof` makes another. */
export type ProofRefused = { kind: 'proofRefused' };
/** No proof could be made (no challenge from the API, no solution), or a second one was refused too. */
export type NoProof = { kind: 'noProof' };

/**
 * The proof of work of the site's forms: solved in the background from `start()` (the visitor's first focus in the
 * form); `withProof(send)` sends with a proof and, when the API refuses it (`proofRefused`), makes another and sends
 * once more; a second refusal, or no proof at all, answers `noProof`. Every other outcome of `send` is answered as is.
 * A `done` send spent its challenge (the API takes one per action): the form's next start or send makes a new one.
 */
export function useProofOfWork(host: RefObject<HTMLElement | null>, load: (host: HTMLElement) => Promise<ProofOfWork> = loadProofOfWork) {
  const running = useRef<Promise<ProofOfWork> | null>(null);
  const spent = useRef(false);
  return useMemo(() => {
    const started = async () => {
      const proofOfWork = await (running.current ??= load(host.current!));
      if (spent.current) {
        spent.current = false;
        proofOfWork.renew();
      }
      return proofOfWork;
    };
    /** A proof, or null when none could be made (the next asks again). */
    const proof = async () => {
      try {
        return await (await started()).proof();
      } catch {
        running.current = null;
        return null;
      }
    };
    return {
      start: () => void started().catch(() => undefined),
      async withProof<Outcome extends { kind: string }>(
        send: (altcha: string) => Promise<Outcome | ProofRefused>,
      ): Promise<Exclude<Outcome, ProofRefused> | NoProof> {
        for (let attempt = 1; ; attempt++) {
          const solved = await proof();
          if (!solved) return { kind: 'noProof' };
          const outcome = await send(solved.altcha);
          if (outcome.kind === 'done') spent.current = true;
          if (outcome.kind !== 'proofRefused') return outcome as Exclude<Outcome, ProofRefused>;
          // Refused: the next try, this one's or the visitor's, needs a new challenge.
          (await started()).renew();
          if (attempt === 2) return { kind: 'noProof' };
        }
      },
    };
  }, [host, load]);
}

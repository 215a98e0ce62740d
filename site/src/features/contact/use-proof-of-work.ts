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

/** No proof could be made (no challenge from the API, no solution), or a second one was refused too. */
export const NO_PROOF = 'noProof';

/**
 * The contact form's proof of work: solved in the background from `start()`
 * (the visitor's first focus in the form); `withProof(send)` sends with a
 * proof and, when the API refuses it (expired, say), makes another and sends
 * once more; a second refusal, or no proof at all, answers NO_PROOF.
 */
export function useProofOfWork(host: RefObject<HTMLElement | null>, load: (host: HTMLElement) => Promise<ProofOfWork> = loadProofOfWork) {
  const running = useRef<Promise<ProofOfWork> | null>(null);
  return useMemo(() => {
    const started = () => (running.current ??= load(host.current!));
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
      async withProof<T>(send: (altcha: string) => Promise<T | 'proofRefused'>): Promise<T | typeof NO_PROOF> {
        for (let attempt = 1; ; attempt++) {
          const solved = await proof();
          if (!solved) return NO_PROOF;
          const outcome = await send(solved.altcha);
          if (outcome !== 'proofRefused') return outcome;
          // Refused: the next try, this one's or the visitor's, needs a new challenge.
          (await started()).renew();
          if (attempt === 2) return NO_PROOF;
        }
      },
    };
  }, [host, load]);
}

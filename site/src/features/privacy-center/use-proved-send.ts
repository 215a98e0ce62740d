import { type RefObject, useMemo } from 'react';
import { NO_PROOF, useProofOfWork } from '../contact/use-proof-of-work';
import { type SendOutcome, sendForm } from './send-with-proof';

type Api = typeof import('../api/client');

/**
 * The privacy centre's forms send as the contact form does: with ALTCHA's proof of work (its widget in `host`,
 * solved from the first focus), a refused proof made again once; the API client loads on first use.
 */
export function useProvedSend(host: RefObject<HTMLElement | null>) {
  const proofOfWork = useProofOfWork(host);
  return useMemo(
    () => ({
      start: proofOfWork.start,
      async send<T>(
        call: (api: Api, altcha: string) => Promise<T>,
        fields: readonly string[],
      ): Promise<SendOutcome<T> | { kind: 'noProof' }> {
        let api: Api;
        try {
          api = await import('../api/client');
        } catch {
          return { kind: 'failed' };
        }
        const outcome = await proofOfWork.withProof(async (altcha) => {
          const sent = await sendForm(() => call(api, altcha), api.describeFailure, fields);
          return sent.kind === 'proofRefused' ? 'proofRefused' : sent;
        });
        return outcome === NO_PROOF ? { kind: 'noProof' } : outcome;
      },
    }),
    [proofOfWork],
  );
}

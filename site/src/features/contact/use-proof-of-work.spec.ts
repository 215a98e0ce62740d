/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import type { ProofOfWork } from './proof-of-work';
import { useProofOfWork } from './use-proof-of-work';

const STORED = { kind: 'stored' } as const;
const REFUSED = { kind: 'proofRefused' } as const;
const NO_PROOF = { kind: 'noProof' };

/** A proof of work whose proofs are `altchas` in turn (an Error: none could be made), counting its loads and renewals. */
function fakeProofOfWork(altchas: (string | Error)[]) {
  const counts = { loads: 0, renewals: 0, proofs: 0 };
  const load = jest.fn(async () => {
    counts.loads++;
    return {
      proof: async () => {
        const next = altchas[counts.proofs++];
        if (!next || next instanceof Error) throw next ?? new Error('no more');
        return { altcha: next, notBefore: 0 };
      },
      renew: () => void counts.renewals++,
    } as unknown as ProofOfWork;
  });
  const { result } = renderHook(() => useProofOfWork({ current: document.createElement('div') }, load));
  return { proofOfWork: result.current, counts };
}

describe('useProofOfWork', () => {
  it('loads the widget once, from the first start, and sends with its proof', async () => {
    const { proofOfWork, counts } = fakeProofOfWork(['proof-1']);
    act(() => proofOfWork.start());
    act(() => proofOfWork.start());
    const sent: string[] = [];
    await expect(proofOfWork.withProof(async (altcha) => (sent.push(altcha), STORED))).resolves.toBe(STORED);
    expect(sent).toEqual(['proof-1']);
    expect(counts.loads).toBe(1);
  });

  it('makes another proof once when the API refuses one, then sends again', async () => {
    const { proofOfWork, counts } = fakeProofOfWork(['expired', 'fresh']);
    const sent: string[] = [];
    const outcome = await proofOfWork.withProof(async (altcha) => (sent.push(altcha), altcha === 'expired' ? REFUSED : STORED));
    expect(outcome).toBe(STORED);
    expect(sent).toEqual(['expired', 'fresh']);
    expect(counts.renewals).toBe(1);
  });

  it('makes a new proof for the next send once a send is done: a challenge proves one action', async () => {
    const { proofOfWork, counts } = fakeProofOfWork(['first', 'second']);
    const sent: string[] = [];
    const done = async (altcha: string) => (sent.push(altcha), { kind: 'done' as const });
    await proofOfWork.withProof(done);
    // Not at once (the contact form is left after its send): on the form's next start.
    expect(counts.renewals).toBe(0);
    act(() => proofOfWork.start());
    await proofOfWork.withProof(done);
    expect(counts.renewals).toBe(1);
    expect(sent).toEqual(['first', 'second']);
  });

  it('gives up after a second refusal, renewing for the visitor’s next try', async () => {
    const { proofOfWork, counts } = fakeProofOfWork(['a', 'b', 'c']);
    const send = jest.fn(async () => REFUSED);
    await expect(proofOfWork.withProof(send)).resolves.toEqual(NO_PROOF);
    expect(send).toHaveBeenCalledTimes(2);
    expect(counts.renewals).toBe(2);
  });

  it('sends nothing when no proof can be made, and loads the widget again on the next try', async () => {
    const { proofOfWork, counts } = fakeProofOfWork([new Error('no challenge'), 'later']);
    const send = jest.fn(async () => STORED);
    await expect(proofOfWork.withProof(send)).resolves.toEqual(NO_PROOF);
    expect(send).not.toHaveBeenCalled();
    await expect(proofOfWork.withProof(send)).resolves.toBe(STORED);
    expect(counts.loads).toBe(2);
  });
});

/** @jest-environment jsdom */
import { renderHook } from '@testing-library/react';
import type { GraphQLFormattedError } from 'graphql';
import { failureOf } from '../api/failure';
import type { ProofOfWork } from './proof-of-work';
import { sendOnce, useProvedSend, waitReason } from './use-proved-send';

/** The API client, as far as sending reads it: its errors as the API's error contract says them. */
jest.mock('../api/client', () => ({
  describeFailure: (error: unknown) =>
    error instanceof Error && 'errors' in error
      ? failureOf((error as { errors: GraphQLFormattedError[] }).errors)
      : { code: 'NETWORK', fieldErrors: {} },
}));

const FIELDS = ['email', 'message'];
/** An answer of the API with these errors, as Apollo throws it. */
const answer = (...errors: GraphQLFormattedError[]) => Object.assign(new Error('refused'), { errors });
const badInput = (fieldErrors: Record<string, { code: string; message: string }[]>, extensions: Record<string, unknown> = {}) =>
  answer({ message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', fieldErrors, ...extensions } });
const refusedBy = (error: Error) => () => Promise.reject(error);
/** As the client reads an answer's errors. */
const describeFailure = (error: unknown) => failureOf((error as { errors: GraphQLFormattedError[] }).errors);

describe('sendOnce', () => {
  it('answers the receipt of a send the API took', async () => {
    await expect(sendOnce(async () => ({ id: 'r-1' }), describeFailure, FIELDS)).resolves.toEqual({ kind: 'done', receipt: { id: 'r-1' } });
  });

  it.each(['altchaMissing', 'altchaInvalid', 'altchaExpired', 'altchaReused'])('answers proofRefused for %s', async (code) => {
    const refused = badInput({ altcha: [{ code, message: 'altcha: …' }] });
    await expect(sendOnce(refusedBy(refused), describeFailure, FIELDS)).resolves.toEqual({ kind: 'proofRefused' });
  });

  it('gives the form its own fields’ first codes, in the API’s order', async () => {
    const refused = badInput({
      message: [{ code: 'isPlainText', message: 'message: …' }],
      email: [
        { code: 'isNotDisposable', message: 'email: disposable' },
        { code: 'isEmail', message: 'second' },
      ],
    });
    const outcome = await sendOnce(refusedBy(refused), describeFailure, FIELDS);
    expect(outcome).toEqual({ kind: 'fieldErrors', fields: { message: 'isPlainText', email: 'isNotDisposable' } });
    expect(Object.keys(outcome.kind === 'fieldErrors' ? outcome.fields : {})).toEqual(['message', 'email']);
  });

  it('fails with the API’s error when it names no field of the form, keeping the audiences it does not have', async () => {
    const requestId = badInput({ requestId: [{ code: 'isUuid', message: 'requestId: not a UUID' }] });
    await expect(sendOnce(refusedBy(requestId), describeFailure, FIELDS)).resolves.toMatchObject({
      kind: 'failed',
      failure: { code: 'BAD_USER_INPUT' },
    });
    const unknownAudiences = [{ country: 'DE', audience: 'steam-engines' }];
    const retired = badInput({ audiences: [{ code: 'unknownAudience', message: 'audiences: …' }] }, { unknownAudiences });
    await expect(sendOnce(refusedBy(retired), describeFailure, [...FIELDS, 'agencyName'])).resolves.toEqual({
      kind: 'failed',
      failure: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { audiences: [expect.objectContaining({ code: 'unknownAudience' })] },
        unknownAudiences,
      },
    });
    const limited = answer({ message: 'Too many', extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 30 } });
    await expect(sendOnce(refusedBy(limited), describeFailure, FIELDS)).resolves.toEqual({
      kind: 'failed',
      failure: { code: 'TOO_MANY_REQUESTS', fieldErrors: {} },
    });
  });
});

describe('useProvedSend', () => {
  /** Proofs `proof-1`, `proof-2`… from a stand-in of the widget, counting how often it was asked to start over. */
  function setUp() {
    const made = { proofs: 0, renewals: 0 };
    const load = async () =>
      ({
        proof: async () => ({ altcha: `proof-${++made.proofs}`, notBefore: 0 }),
        renew: () => void made.renewals++,
      }) as unknown as ProofOfWork;
    const { result } = renderHook(() => useProvedSend({ current: document.createElement('div') }, load));
    return { provedSend: result.current, made };
  }

  it('sends again with a new proof when the API refuses the first, and answers the receipt', async () => {
    const { provedSend, made } = setUp();
    const sent: string[] = [];
    const outcome = await provedSend.send(async (_api, altcha) => {
      sent.push(altcha);
      if (altcha === 'proof-1') throw badInput({ altcha: [{ code: 'altchaExpired', message: 'altcha: expired' }] });
      return { id: 'r-1' };
    }, FIELDS);
    expect(outcome).toEqual({ kind: 'done', receipt: { id: 'r-1' } });
    expect(sent).toEqual(['proof-1', 'proof-2']);
    expect(made.renewals).toBe(1);
  });

  it('answers noProof after a second refusal, and a failure without a connection as NETWORK', async () => {
    const { provedSend } = setUp();
    const refused = badInput({ altcha: [{ code: 'altchaReused', message: 'altcha: used' }] });
    await expect(provedSend.send(refusedBy(refused), FIELDS)).resolves.toEqual({ kind: 'noProof' });
    await expect(provedSend.send(refusedBy(new TypeError('Failed to fetch')), FIELDS)).resolves.toEqual({
      kind: 'failed',
      failure: { code: 'NETWORK', fieldErrors: {} },
    });
  });
});

describe('waitReason', () => {
  const failed = (error: GraphQLFormattedError) => failureOf([error]);

  it("tells a form sent too soon (again in a moment), a ceiling of all visitors (within the hour), a visitor's limit (a minute)", () => {
    const tooSoon = failed({
      message: 'Invalid input',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { altcha: [{ code: 'altchaTooSoon', message: '' }] } },
    });
    const ceiling = failed({
      message: 'Too many',
      extensions: { code: 'TOO_MANY_REQUESTS', reason: 'hourlyCeiling', action: 'opt_out', retryAfterSeconds: 900 },
    });
    const tooMany = failed({ message: 'Too many', extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 30 } });
    expect([tooSoon, ceiling, tooMany].map(waitReason)).toEqual(['tooSoon', 'ceiling', 'tooMany']);
  });

  it('is null for anything else: a field refused, a proof refused, the API down', () => {
    const field = failed({
      message: 'Invalid input',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { email: [{ code: 'isEmail', message: '' }] } },
    });
    const reused = failed({
      message: 'Invalid input',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { altcha: [{ code: 'altchaReused', message: '' }] } },
    });
    expect([field, reused, { code: 'NETWORK', fieldErrors: {} }].map(waitReason)).toEqual([null, null, null]);
  });
});

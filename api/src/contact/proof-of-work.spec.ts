import { pbkdf2Sync } from 'node:crypto';
import { type Challenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { loadConfig } from '../common/config/app-config';
import { stubPrisma } from '../prisma/testing';
import { ProofOfWork, ProofRefusal } from './proof-of-work';

// The key derivation, watched: a refusal before it must not call it.
jest.mock('altcha-lib/algorithms/pbkdf2', () => {
  const actual = jest.requireActual<typeof import('altcha-lib/algorithms/pbkdf2')>('altcha-lib/algorithms/pbkdf2');
  return { ...actual, deriveKey: jest.fn(actual.deriveKey) };
});
const derivations = deriveKey as jest.MockedFunction<typeof deriveKey>;
// The library's verification, replaceable: the prefix check must hold even under a library that skips it.
jest.mock('altcha-lib', () => {
  const actual = jest.requireActual<typeof import('altcha-lib')>('altcha-lib');
  return { ...actual, verifySolution: jest.fn(actual.verifySolution) };
});
const verification = verifySolution as jest.MockedFunction<typeof verifySolution>;

/** The proof of work over a stand-in proof_of_work_use that holds `spent`. */
function setUp(settings: Record<string, string> = {}, spent: string[] = []) {
  const findUnique = jest.fn(async ({ where }: { where: { altchaId: string } }) =>
    spent.includes(where.altchaId) ? { altchaId: where.altchaId } : null,
  );
  const config = loadConfig({ DATABASE_URL: 'postgresql://unused', ALTCHA_COST: '1', ALTCHA_DIFFICULTY: '2', ...settings });
  return { proofOfWork: new ProofOfWork(config, stubPrisma({ proofOfWorkUse: { findUnique } })), findUnique };
}

const encode = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** The widget's payload for a challenge, solved; the derivations it took are forgotten. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  derivations.mockClear();
  return encode(challenge, solution!);
}

const idOf = (challenge: Challenge) => (challenge.parameters.data as { id: string }).id;

describe('ProofOfWork.check', () => {
  it('takes a solved challenge after deriving its key once, and names the challenge', async () => {
    const { proofOfWork } = setUp({ CONTACT_MIN_FILL_SECONDS: '0' });
    const challenge = await proofOfWork.challenge();
    const payload = await solved(challenge);
    await expect(proofOfWork.check(payload, 'refuse')).resolves.toEqual({ ok: true, challengeId: idOf(challenge), early: false });
    expect(derivations).toHaveBeenCalledTimes(1);
  });

  it('refuses a spent challenge as altchaReused with no key derivation', async () => {
    const { proofOfWork: issuer } = setUp({ ALTCHA_HMAC_SECRET: 's'.repeat(32) });
    const challenge = await issuer.challenge();
    const payload = await solved(challenge);
    const { proofOfWork, findUnique } = setUp({ ALTCHA_HMAC_SECRET: 's'.repeat(32), CONTACT_MIN_FILL_SECONDS: '0' }, [idOf(challenge)]);
    for (let replay = 0; replay < 20; replay++) {
      await expect(proofOfWork.check(payload, 'mark')).resolves.toEqual({ ok: false, refusal: ProofRefusal.REUSED });
    }
    expect(findUnique).toHaveBeenCalledTimes(20);
    expect(derivations).not.toHaveBeenCalled();
  });

  it('refuses a challenge signed elsewhere, or tampered with, as altchaInvalid before any lookup or derivation', async () => {
    const { proofOfWork, findUnique } = setUp({ CONTACT_MIN_FILL_SECONDS: '0' });
    const foreign = await solved(await setUp().proofOfWork.challenge());
    const challenge = await proofOfWork.challenge();
    const { solution } = JSON.parse(Buffer.from(await solved(challenge), 'base64').toString()) as {
      solution: { counter: number; derivedKey: string };
    };
    const tampered = encode(
      { ...challenge, parameters: { ...challenge.parameters, data: { ...challenge.parameters.data, notBefore: 0 } } },
      solution,
    );
    for (const payload of [foreign, tampered]) {
      await expect(proofOfWork.check(payload, 'mark')).resolves.toEqual({ ok: false, refusal: ProofRefusal.INVALID });
    }
    expect(findUnique).not.toHaveBeenCalled();
    expect(derivations).not.toHaveBeenCalled();
  });

  it('refuses counter 0 with its true key when that key misses the prefix (altchaInvalid): the prefix is checked here', async () => {
    const { proofOfWork } = setUp({ CONTACT_MIN_FILL_SECONDS: '0' });
    let challenge: Challenge;
    let key: string;
    do {
      challenge = await proofOfWork.challenge();
      const { nonce, salt, cost, keyLength = 32 } = challenge.parameters;
      // altcha-lib's password: the nonce's bytes, then the counter as a big-endian 32-bit integer.
      const password = Buffer.concat([Buffer.from(nonce, 'hex'), Buffer.alloc(4)]);
      key = pbkdf2Sync(password, Buffer.from(salt, 'hex'), cost, keyLength, 'sha256').toString('hex');
    } while (key.startsWith(challenge.parameters.keyPrefix));
    // As altcha-lib up to 2.3.1 did: the key re-derived and compared with the solution's, the prefix never looked at.
    verification.mockImplementationOnce(async ({ solution }) => ({
      expired: false,
      invalidSignature: false,
      invalidSolution: solution.derivedKey !== key,
      time: 0,
      verified: solution.derivedKey === key,
    }));
    await expect(proofOfWork.check(encode(challenge, { counter: 0, derivedKey: key }), 'mark')).resolves.toEqual({
      ok: false,
      refusal: ProofRefusal.INVALID,
    });
  });

  it('refuses a form sent before its notBefore as altchaTooSoon, with no derivation, when the form refuses that', async () => {
    const { proofOfWork, findUnique } = setUp({ CONTACT_MIN_FILL_SECONDS: '60' });
    const challenge = await proofOfWork.challenge();
    const payload = await solved(challenge);
    await expect(proofOfWork.check(payload, 'refuse')).resolves.toEqual({ ok: false, refusal: ProofRefusal.TOO_SOON });
    expect(findUnique).not.toHaveBeenCalled();
    expect(derivations).not.toHaveBeenCalled();
    // The contact form's trap: checked in full, and marked early (it is kept as spam).
    await expect(proofOfWork.check(payload, 'mark')).resolves.toEqual({ ok: true, challengeId: idOf(challenge), early: true });
  });

  it('refuses an expired challenge as altchaExpired with no derivation', async () => {
    const { proofOfWork } = setUp({ CONTACT_MIN_FILL_SECONDS: '0', ALTCHA_EXPIRES_MINUTES: '1' });
    const payload = await solved(await proofOfWork.challenge(Date.now() - 2 * 60_000));
    await expect(proofOfWork.check(payload, 'mark')).resolves.toEqual({ ok: false, refusal: ProofRefusal.EXPIRED });
    expect(derivations).not.toHaveBeenCalled();
  });
});

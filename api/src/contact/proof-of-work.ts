import { createHmac, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { AppConfig } from '../common/config/app-config';
import { badUserInput } from '../common/errors/errors';

/** ALTCHA's default proof of work: PBKDF2 with SHA-256, solved by the widget's bundled worker. */
const ALGORITHM = 'PBKDF2/SHA-256';

/** Why a request's proof was refused: each a field error code of `altcha` the form handles. */
export enum ProofRefusal {
  /** No proof sent, or not an ALTCHA payload. */
  MISSING = 'altchaMissing',
  /** Not a solution of a challenge this API issued. */
  INVALID = 'altchaInvalid',
  /** Its challenge is too old: ask for another. */
  EXPIRED = 'altchaExpired',
  /** Its challenge already served another request. */
  REUSED = 'altchaReused',
}

export type ProofCheck = { ok: true; challengeId: string; notBefore: number } | { ok: false; refusal: ProofRefusal };

/**
 * What the API signs into each challenge: its id, when it was issued, and when a person could have sent the form at the earliest (ms, the
 * API's clock).
 */
interface ChallengeData {
  id: string;
  issuedAt: number;
  notBefore: number;
}

/**
 * Bots out without a captcha. `challenge()` issues ALTCHA's proof-of-work
 * challenge (self-hosted: no cookie, no third party); the visitor's browser
 * solves it while they type, and the form sends the widget's base64 payload.
 * `check()` verifies it: signed by this API (the challenge's parameters, its
 * id and time stamp included), not expired, and solved. Issuing costs no key
 * derivation (ALTCHA's mode without a counter: the widget looks for a key that
 * starts with ALTCHA_DIFFICULTY zeros), so a flood of challenges costs the API
 * an HMAC each; checking derives the key once, for a request that is itself
 * limited (CONTACT_RATE_LIMIT_PER_MINUTE).
 */
@Injectable()
export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(private readonly config: AppConfig) {
    this.signatureSecret = config.ALTCHA_HMAC_SECRET ?? randomBytes(32).toString('hex');
    this.keySignatureSecret = createHmac('sha256', this.signatureSecret).update('altcha-key-signature').digest('hex');
  }

  async challenge(now = Date.now()): Promise<Challenge> {
    const data: ChallengeData = {
      id: randomBytes(12).toString('hex'),
      issuedAt: now,
      notBefore: now + this.config.CONTACT_MIN_FILL_SECONDS * 1000,
    };
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.config.ALTCHA_COST,
      keyPrefix: '0'.repeat(this.config.ALTCHA_DIFFICULTY),
      data: { ...data },
      deriveKey,
      expiresAt: new Date(now + this.config.ALTCHA_EXPIRES_MINUTES * 60_000),
      hmacSignatureSecret: this.signatureSecret,
    });
  }

  async check(payload: string | undefined): Promise<ProofCheck> {
    const parsed = parsePayload(payload);
    if (!parsed) return { ok: false, refusal: ProofRefusal.MISSING };
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      // Challenges issued with a counter (before ALTCHA_DIFFICULTY) carry a key signature: still checked by one HMAC until they expire.
      hmacKeySignatureSecret: this.keySignatureSecret,
    }).catch(() => ({ verified: false, expired: false }));
    if (result.expired) return { ok: false, refusal: ProofRefusal.EXPIRED };
    const data = parsed.challenge.parameters.data as Partial<ChallengeData> | undefined;
    if (!result.verified || typeof data?.id !== 'string' || typeof data.notBefore !== 'number')
      return { ok: false, refusal: ProofRefusal.INVALID };
    return { ok: true, challengeId: data.id, notBefore: data.notBefore };
  }
}

/** The widget's payload: base64 of `{ challenge, solution }`; null when it is not one. */
function parsePayload(payload: string | undefined): { challenge: Challenge; solution: Solution } | null {
  if (!payload) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    return parsed.challenge?.parameters && parsed.solution ? { challenge: parsed.challenge, solution: parsed.solution } : null;
  } catch {
    return null;
  }
}

const REFUSALS: Record<ProofRefusal, string> = {
  [ProofRefusal.MISSING]: 'altcha: the proof of work is missing; solve a contactChallenge and send its payload',
  [ProofRefusal.INVALID]: 'altcha: not the solution of a challenge of this API',
  [ProofRefusal.EXPIRED]: 'altcha: the challenge has expired; solve a new contactChallenge',
  [ProofRefusal.REUSED]: 'altcha: this challenge was already used by another request; solve a new contactChallenge',
};

/** The field error of `altcha` for a refused proof: the forms (contact, privacy centre) word their own text from its code. */
export const proofRefused = (refusal: ProofRefusal) => badUserInput({ altcha: [{ code: refusal, message: REFUSALS[refusal] }] });

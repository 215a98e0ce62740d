import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { AppConfig } from '../common/config/app-config';
import { badUserInput } from '../common/errors/errors';
import type { Prisma } from '../generated/prisma/client';
import type { ProofPurpose } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';

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
  /** Sent before its challenge's notBefore, faster than a person fills the form: the same proof may be sent again a moment later. */
  TOO_SOON = 'altchaTooSoon',
}

/**
 * What a form sent before its challenge's `notBefore` (the time trap) gets: refused as TOO_SOON (the privacy centre's
 * forms: the person sends again a moment later, nothing is lost), or passed with `early` set (the contact form keeps
 * it as spam, with an ordinary receipt).
 */
export type FillTimeTrap = 'refuse' | 'mark';

export type ProofCheck = { ok: true; challengeId: string; early: boolean } | { ok: false; refusal: ProofRefusal };

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
 * `check()` verifies it, the cheap checks first: signed by this API (the
 * challenge's parameters, its id and time stamp included), not expired, not
 * sent too soon when the form refuses that, and not spent already
 * (proof_of_work_use); only then is the key derived, once, and it must solve
 * the challenge (start with its keyPrefix). So a replayed payload costs an HMAC
 * and a lookup by primary key, never a derivation. Issuing costs no derivation
 * either (ALTCHA's mode without a counter: the widget looks for a key that
 * starts with ALTCHA_DIFFICULTY zeros). `spend()` records the challenge in the
 * transaction of the action it proves: that insert, not the lookup, decides
 * between two sends of one challenge at once.
 */
@Injectable()
export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly config: AppConfig,
    private readonly prisma: PrismaService,
  ) {
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

  async check(payload: string | undefined, trap: FillTimeTrap): Promise<ProofCheck> {
    const parsed = parsePayload(payload);
    if (!parsed) return { ok: false, refusal: ProofRefusal.MISSING };
    const { challenge, solution } = parsed;
    const { expiresAt, keyPrefix } = challenge.parameters;
    // The order of altcha-lib's own verification: expiry, then the signature.
    if (expiresAt && expiresAt < Date.now() / 1000) return { ok: false, refusal: ProofRefusal.EXPIRED };
    const data = challenge.parameters.data as Partial<ChallengeData> | undefined;
    if (!this.signedHere(challenge) || typeof data?.id !== 'string' || typeof data.notBefore !== 'number' || typeof keyPrefix !== 'string')
      return { ok: false, refusal: ProofRefusal.INVALID };
    const early = Date.now() < data.notBefore;
    if (early && trap === 'refuse') return { ok: false, refusal: ProofRefusal.TOO_SOON };
    if (await this.spent(data.id)) return { ok: false, refusal: ProofRefusal.REUSED };
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      // Challenges issued with a counter (before ALTCHA_DIFFICULTY) carry a key signature: still checked by one HMAC until they expire.
      hmacKeySignatureSecret: this.keySignatureSecret,
    }).catch(() => ({ verified: false }));
    // The key must start with the challenge's prefix whatever the library checks: else any counter would pass.
    const solved = typeof solution.derivedKey === 'string' && solution.derivedKey.startsWith(keyPrefix.toLowerCase());
    if (!result.verified || !solved) return { ok: false, refusal: ProofRefusal.INVALID };
    return { ok: true, challengeId: data.id, early };
  }

  /** Records the challenge as spent by this action, in the action's transaction; false: another action spent it first. */
  async spend(tx: Prisma.TransactionClient, challengeId: string, purpose: ProofPurpose): Promise<boolean> {
    const inserted = await tx.$executeRaw`
      INSERT INTO proof_of_work_use (altcha_id, purpose) VALUES (${challengeId}, ${purpose}::"ProofPurpose")
      ON CONFLICT (altcha_id) DO NOTHING`;
    return inserted === 1;
  }

  private async spent(challengeId: string): Promise<boolean> {
    return Boolean(await this.prisma.proofOfWorkUse.findUnique({ where: { altchaId: challengeId }, select: { altchaId: true } }));
  }

  /** The challenge's parameters are as this API signed them (HMAC-SHA-256 of their canonical JSON, as altcha-lib signs). */
  private signedHere({ parameters, signature }: Challenge): boolean {
    if (typeof signature !== 'string') return false;
    const expected = createHmac('sha256', this.signatureSecret)
      .update(JSON.stringify(sortKeys(parameters)))
      .digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** Objects with their keys sorted, undefined values left out, at every depth: altcha-lib's canonical form. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => {
        const item = (value as Record<string, unknown>)[key];
        return item === undefined ? [] : [[key, sortKeys(item)]];
      }),
  );
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
  [ProofRefusal.TOO_SOON]: 'altcha: sent faster than a person fills the form; send the same request again in a moment',
};

/** The field error of `altcha` for a refused proof: the forms (contact, privacy centre) word their own text from its code. */
export const proofRefused = (refusal: ProofRefusal) => badUserInput({ altcha: [{ code: refusal, message: REFUSALS[refusal] }] });

import { Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify, UnsecuredJWT } from 'jose';
import { AppConfig } from '../../common/config/app-config';
import { serviceUnavailable, unauthenticated } from '../../common/errors/errors';
import { AccountCheck } from './account-check';
import type { StaffCandidate } from './staff-role';

/** A verified Firebase user. */
export interface Identity {
  uid: string;
  email: string;
  /** Custom claim set by `npm run staff -- grant`. */
  role?: string;
  /** The token's custom claims, email and sign-in provider, as StaffGuard judges them (staffAccess). */
  candidate: StaffCandidate;
}

interface FirebaseClaims extends JWTPayload {
  auth_time?: number;
  email?: string;
  email_verified?: boolean;
  role?: unknown;
  firebase?: { sign_in_provider?: unknown };
}

/** Firebase ID tokens expire after an hour; a minute of clock skew is forgiven. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies Firebase ID tokens as Firebase's own Admin SDK does: an RS256
 * signature by one of the keys of FIREBASE_JWKS_URL (fetched and cached by
 * jose, refetched for an unknown key id), issuer and audience of
 * FIREBASE_PROJECT_ID, expiry, issue and sign-in times in the past, a subject,
 * and a verified email address; then that the account was neither disabled
 * nor had its sessions ended since (AccountCheck). Every failure is
 * UNAUTHENTICATED with a reason.
 *
 * With FIREBASE_AUTH_EMULATOR_HOST (only in a local demo: AppConfig's
 * emulatorRefusal), the tokens are the Auth emulator's, which are unsigned
 * ("alg": "none"), as the Admin SDK accepts them then: every check but the
 * signature.
 */
@Injectable()
export class FirebaseTokenVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly config: AppConfig,
    private readonly accounts: AccountCheck,
  ) {
    this.keys = createRemoteJWKSet(new URL(config.FIREBASE_JWKS_URL), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
    if (config.FIREBASE_AUTH_EMULATOR_HOST) {
      new Logger('StaffSignIn').warn(
        `STAFF SIGN-IN IS EMULATED: the API takes UNSIGNED tokens of the Firebase Auth emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST} ` +
          `(project ${config.FIREBASE_PROJECT_ID}): any program or user of this machine (HOST ${config.HOST}) can read every lead. ` +
          'A local demo only.',
      );
    }
  }

  /**
   * The token's identity. `judge` (a guard's own rules) runs on the token's claims before the account is looked up,
   * and throws to refuse: a token that could never pass costs no Admin SDK call.
   */
  async verify(token: string, judge: (identity: Identity) => void = () => undefined): Promise<Identity> {
    const projectId = this.config.FIREBASE_PROJECT_ID;
    if (!projectId) throw unauthenticated('notConfigured', 'Staff sign-in is not configured on this server (FIREBASE_PROJECT_ID)');
    let claims: FirebaseClaims;
    try {
      const expected = {
        issuer: `https://securetoken.google.com/${projectId}`,
        audience: projectId,
        requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      };
      ({ payload: claims } = this.config.FIREBASE_AUTH_EMULATOR_HOST
        ? UnsecuredJWT.decode<FirebaseClaims>(token, expected)
        : await jwtVerify<FirebaseClaims>(token, this.keys, { ...expected, algorithms: ['RS256'] }));
    } catch (error) {
      throw describe(error);
    }
    const now = Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS;
    if (typeof claims.auth_time !== 'number' || claims.auth_time > now || (claims.iat ?? 0) > now) {
      throw unauthenticated('invalid', 'The sign-in token is not valid: its sign-in time is in the future');
    }
    if (!claims.sub) throw unauthenticated('invalid', 'The sign-in token is not valid: it names no user');
    if (!claims.email || claims.email_verified !== true) {
      throw unauthenticated('emailNotVerified', 'The account’s email address is not verified');
    }
    const email = claims.email.toLowerCase();
    const provider = claims.firebase?.sign_in_provider;
    const identity = {
      uid: claims.sub,
      email,
      role: typeof claims.role === 'string' ? claims.role : undefined,
      // A token that names no provider is of none STAFF_SIGN_IN_PROVIDERS lists.
      candidate: { email, emailVerified: true, claims, signInProvider: typeof provider === 'string' ? provider : '' },
    };
    judge(identity);
    await this.accounts.assertActive(claims.sub, claims.auth_time);
    return identity;
  }
}

function describe(error: unknown) {
  if (error instanceof errors.JWTExpired) return unauthenticated('expired', 'The sign-in token has expired: sign in again');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return unauthenticated('invalid', `The sign-in token is not valid: wrong "${error.claim}" claim`);
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return unauthenticated('invalid', 'The sign-in token is not valid: it is not signed by Firebase');
  }
  if (!(error instanceof errors.JOSEError) || ['ERR_JOSE_GENERIC', 'ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID'].includes(error.code)) {
    // Firebase's key set could not be read: the token cannot be judged now.
    return serviceUnavailable();
  }
  return unauthenticated('invalid', 'The sign-in token is not valid');
}

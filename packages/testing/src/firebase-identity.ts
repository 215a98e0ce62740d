/**
 * A stand-in for Firebase's token issuer, for tests: a key pair made by the
 * test, its public key served as a JSON Web Key Set over HTTP (what
 * FIREBASE_JWKS_URL points at), and ID tokens signed with it exactly as
 * Firebase signs them. The private key can travel between processes as JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';

export const TEST_PROJECT_ID = 'segmentia-test';
const KEY_ID = 'segmentia-test-key';

export interface TokenClaims {
  uid: string;
  email: string;
  emailVerified: boolean;
  /** The custom claim `npm run staff` sets; omitted when undefined. */
  role?: string;
  /** Seconds from now; negative for a token that has expired. */
  expiresIn: number;
  issuer: string;
  audience: string;
  /** Sign with a key that is not in the served key set. */
  foreignKey: boolean;
}

export const STAFF: Pick<TokenClaims, 'uid' | 'email' | 'role'> = { uid: 'staff-ana', email: 'ana@segmentia.es', role: 'sales' };

export interface TestIdentity {
  /** The private key, to sign in another process with `useTestIdentity`. */
  privateJwk: JWK;
  sign(claims?: Partial<TokenClaims>): Promise<string>;
}

export async function createTestIdentity(): Promise<TestIdentity & { publicJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return { ...(await useTestIdentity(privateJwk)), publicJwk: { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' } };
}

export async function useTestIdentity(privateJwk: JWK): Promise<TestIdentity> {
  const key = (await importJWK(privateJwk, 'RS256')) as CryptoKey;
  let foreign: CryptoKey | undefined;
  return {
    privateJwk,
    async sign(claims = {}) {
      const { uid, email, emailVerified, role, expiresIn, issuer, audience, foreignKey } = {
        ...STAFF,
        emailVerified: true,
        expiresIn: 3600,
        issuer: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
        audience: TEST_PROJECT_ID,
        foreignKey: false,
        ...claims,
      };
      const now = Math.floor(Date.now() / 1000);
      // Firebase's tokens live an hour: an expired one was issued an hour before it expired.
      const issuedAt = now + expiresIn - 3600;
      foreign ??= foreignKey ? (await generateKeyPair('RS256')).privateKey : undefined;
      return new SignJWT({
        ...(role === undefined ? {} : { role }),
        email,
        email_verified: emailVerified,
        auth_time: issuedAt,
        user_id: uid,
        firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
      })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(uid)
        .setIssuedAt(issuedAt)
        .setExpirationTime(now + expiresIn)
        .sign(foreignKey ? foreign! : key);
    },
  };
}

/** Serves `{ keys: [publicJwk] }` at `/jwks` on a free local port. */
export async function serveKeySet(publicJwk: JWK): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({ keys: [publicJwk] });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

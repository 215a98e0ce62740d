import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { createTestIdentity, serveKeySet, STAFF, TEST_PROJECT_ID, type TestIdentity } from '@segmentia/testing';
import { loadConfig } from '../../common/config/app-config';
import { AccountCheck } from './account-check';
import { FirebaseTokenVerifier } from './firebase-token-verifier';
import { StaffGuard } from './staff.guard';

// The Admin SDK, counted: an account lookup is its `getUser`.
const getUser = jest.fn(async (uid: string) => ({ uid, disabled: false, tokensValidAfterTime: undefined }));
jest.mock('firebase-admin/app', () => ({
  initializeApp: () => ({ options: {} }),
  applicationDefault: () => ({}),
  deleteApp: async () => {},
}));
jest.mock('firebase-admin/auth', () => ({ getAuth: () => ({ getUser }) }));

let identity: TestIdentity;
let keySet: Awaited<ReturnType<typeof serveKeySet>>;
let guard: StaffGuard;

beforeAll(async () => {
  const made = await createTestIdentity();
  identity = made;
  keySet = await serveKeySet(made.publicJwk);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgresql://unused@127.0.0.1/unused',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    STAFF_ACCOUNT_CHECK_SECONDS: '300',
    STAFF_EMAIL_DOMAINS: 'segmentia.es',
  });
  guard = new StaffGuard(new FirebaseTokenVerifier(config, new AccountCheck(config)), config);
});
afterAll(() => keySet.close());
beforeEach(() => getUser.mockClear());

/** The guard's answer to a GraphQL request with `token`: 'OK', or the refusal's code. */
async function answer(token: string): Promise<string> {
  const context = new ExecutionContextHost([{}, {}, { req: { headers: { authorization: `Bearer ${token}` } } }, {}]);
  context.setType('graphql');
  return guard.canActivate(context).then(
    () => 'OK',
    (error: { extensions?: { code?: string } }) => error.extensions?.code ?? String(error),
  );
}

describe('StaffGuard', () => {
  it('refuses a signed token of an account that is not staff (FORBIDDEN) without looking the account up', async () => {
    expect(await answer(await identity.sign({ uid: 'visitor', email: 'visitor@agencia.es', role: undefined }))).toBe('FORBIDDEN');
    expect(await answer(await identity.sign({ uid: 'other-role', email: 'otro@agencia.es', role: 'viewer' }))).toBe('FORBIDDEN');
    expect(getUser).not.toHaveBeenCalled();
  });

  it('looks a staff account up once before letting it through', async () => {
    expect(await answer(await identity.sign())).toBe('OK');
    expect(getUser).toHaveBeenCalledWith(STAFF.uid);
  });
});

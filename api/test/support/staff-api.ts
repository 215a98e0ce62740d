import { createTestIdentity, serveKeySet, TEST_PROJECT_ID, type TestIdentity } from '@segmentia/testing';
import { startTestApi, type TestApi } from './api';

export interface StaffTestApi extends TestApi {
  /** Signs staff tokens the API accepts (the sales role by default). */
  identity: TestIdentity;
}

/**
 * A test API that trusts a token issuer of the test's own (its key set served locally), with no account lookup:
 * no Firebase project holds its accounts (account-check.e2e-spec tests that lookup). Closing it closes both.
 */
export async function startStaffTestApi(settings: Record<string, string> = {}): Promise<StaffTestApi> {
  const identity = await createTestIdentity();
  const keySet = await serveKeySet(identity.publicJwk);
  const api = await startTestApi({
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_JWKS_URL: keySet.url,
    STAFF_ACCOUNT_CHECK_SECONDS: '0',
    ...settings,
  });
  return {
    ...api,
    identity,
    async close() {
      await api.close();
      await keySet.close();
    },
  };
}

/**
 * DNS rebinding against `npm start`'s emulator mode (security review 2, L20): while the API takes the Auth emulator's
 * unsigned staff tokens, a request addressed to any other name than this machine's is answered 403 before GraphQL.
 */
import { request } from 'node:http';
import { DEMO_PROJECT_ID } from '@segmentia/contracts/staff';
import { startTestApi, type TestApi } from './support/api';

/** POSTs a query to the API with the given Host header (fetch would not send one of our choosing): status and body. */
function postWithHost(api: TestApi, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${api.url}/graphql`);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      },
    );
    sent.on('error', reject).end(JSON.stringify({ query: '{ __typename }' }));
  });
}

describe('an API in emulator mode', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ HOST: '127.0.0.1', FIREBASE_PROJECT_ID: DEMO_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
  });
  afterAll(() => api?.close());

  it.each(['evil.example:4000', 'evil.example', 'localhost.evil.example:4000', '127.0.0.1.nip.io:4000'])(
    'answers 403 to Host %j',
    async (host) => {
      const { status, body } = await postWithHost(api, host);
      expect(status).toBe(403);
      expect(body).toMatch(/localhost/);
    },
  );

  it.each(['localhost:4000', '127.0.0.1:4000', '[::1]:4000', 'LOCALHOST'])('serves Host %j', async (host) => {
    expect(await postWithHost(api, host)).toEqual({ status: 200, body: expect.stringContaining('"__typename":"Query"') });
  });
});

describe('an API that takes signed tokens only', () => {
  it('serves any Host (nginx or the platform decides which names reach it)', async () => {
    const api = await startTestApi();
    try {
      expect((await postWithHost(api, 'www.segmentia.example')).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

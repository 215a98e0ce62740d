import net from 'node:net';
import { startTestApi, type TestApi } from './support/api';
import { closedPort, silentServer, startingServer } from './support/unreachable-databases';

const AUDIENCES = '{ audiences(country: "ES", topic: "automotive", locale: ES) { id } }';
const SUBMIT = `mutation { submitContactRequest(input: {
  requestId: "5b0c4f3e-1d2a-4c5b-9e8f-7a6b5c4d3e2f", locale: ES, agencyName: "Agencia", agencyType: MEDIA,
  agencySize: UP_TO_2M, advertiserCount: FROM_1_TO_10, contactName: "Ana", email: "ana@agencia.es",
  position: DIRECTOR, decisionRole: DECIDE, interest: SOLUTIONS, acceptTerms: true }) { id } }`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = Date.now();
  const result = await work();
  return [result, Date.now() - start];
}

describe.each([
  ['refuses connections', async () => ({ port: await closedPort(), close: () => undefined })],
  [
    'accepts connections and never answers',
    async () => {
      const server = await silentServer();
      return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
    },
  ],
  [
    'is starting up',
    async () => {
      const server = await startingServer();
      return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
    },
  ],
])('when the database %s', (_, makeDatabase) => {
  let api: TestApi;
  let closeDatabase: () => void;
  beforeAll(async () => {
    const database = await makeDatabase();
    closeDatabase = database.close;
    api = await startTestApi({ NODE_ENV: 'production', DATABASE_URL: `postgresql://segmentia@127.0.0.1:${database.port}/segmentia` });
  });
  afterAll(async () => {
    await api.close();
    closeDatabase();
  });

  it('answers a query with SERVICE_UNAVAILABLE within 3 s, without a stack trace', async () => {
    const [{ body }, elapsed] = await timed(() => api.graphql(AUDIENCES));
    expect(elapsed).toBeLessThan(3000);
    expect(body.errors![0]!.extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('tells the sender of a contact request that nothing was stored, so the form can retry', async () => {
    const [{ body }, elapsed] = await timed(() => api.graphql(SUBMIT));
    expect(elapsed).toBeLessThan(3000);
    expect(body.errors![0]!.extensions!.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.data).toBeNull();
  });

  it('reports not ready (503) within 3 s while staying alive', async () => {
    const [ready, elapsed] = await timed(() => fetch(`${api.url}/ready`));
    expect(elapsed).toBeLessThan(3000);
    expect(ready.status).toBe(503);
    expect((await fetch(`${api.url}/health`)).status).toBe(200);
  });
});

import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The part of the Firebase Auth emulator's REST API that firebase-admin uses
 * to read and change accounts (FIREBASE_AUTH_EMULATOR_HOST points it here).
 */
interface Account {
  localId: string;
  email: string;
  customAttributes?: string;
  validSince?: string;
}

const accounts: Account[] = [];
const requests: string[] = [];
let server: http.Server;
let host: string;

beforeAll(async () => {
  server = http.createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const action = /accounts:(\w+)/.exec(request.url ?? '')?.[1];
    requests.push(`${request.method} ${action}`);
    const reply = (status: number, payload: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    if (action === 'lookup') {
      const users = accounts.filter((account) => (body.email as string[] | undefined)?.includes(account.email));
      return reply(
        200,
        users.length ? { kind: 'identitytoolkit#GetAccountInfoResponse', users } : { kind: 'identitytoolkit#GetAccountInfoResponse' },
      );
    }
    if (action === 'update') {
      const account = accounts.find((candidate) => candidate.localId === body.localId);
      if (!account) return reply(400, { error: { code: 400, message: 'USER_NOT_FOUND' } });
      if ('customAttributes' in body) account.customAttributes = body.customAttributes as string;
      if ('validSince' in body) account.validSince = String(body.validSince);
      return reply(200, { localId: account.localId });
    }
    if (action === 'batchGet') return reply(200, { users: accounts });
    return reply(404, { error: { code: 404, message: `unexpected ${request.url}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  accounts.splice(
    0,
    accounts.length,
    { localId: 'u-ana', email: 'ana@segmentia.es', customAttributes: '{"team":"madrid"}' },
    { localId: 'u-leo', email: 'leo@segmentia.es' },
  );
  requests.length = 0;
});

const claims = (email: string) =>
  JSON.parse(accounts.find((account) => account.email === email)!.customAttributes ?? '{}') as Record<string, string>;

/**
 * The script runs in its own process, through tsx, as `npm run staff` does
 * (firebase-admin loads an ES-module-only dependency that Jest cannot).
 */
describe('npm run staff (firebase-admin against the Auth emulator API)', () => {
  const run = (...args: string[]) =>
    promisify(execFile)(path.join(__dirname, '../../node_modules/.bin/tsx'), [path.join(__dirname, '../scripts/staff.ts'), ...args], {
      env: { ...process.env, FIREBASE_PROJECT_ID: 'segmentia-test', FIREBASE_AUTH_EMULATOR_HOST: host },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );

  it("grants the sales role once, keeping the account's other claims", async () => {
    expect(await run('grant', 'ana@segmentia.es')).toEqual({
      code: 0,
      output: expect.stringContaining('ana@segmentia.es now is sales staff'),
    });
    expect(claims('ana@segmentia.es')).toEqual({ team: 'madrid', role: 'sales' });
    expect(await run('grant', 'ana@segmentia.es')).toEqual({
      code: 0,
      output: expect.stringContaining('ana@segmentia.es already is sales staff'),
    });
    expect(requests.filter((request) => request === 'POST update')).toHaveLength(1);
    expect((await run('list')).output).toBe('ana@segmentia.es\n');
  });

  it("revokes it and ends the account's sessions", async () => {
    await run('grant', 'ana@segmentia.es');
    expect(await run('revoke', 'ana@segmentia.es')).toEqual({ code: 0, output: expect.stringContaining('now is not staff') });
    expect(claims('ana@segmentia.es')).toEqual({ team: 'madrid' });
    expect(accounts[0]!.validSince).toMatch(/^\d+$/);
    expect((await run('list')).output).toBe('No account has the sales role.\n');
  });

  it('fails with a clear message for an unknown account or a wrong command', async () => {
    expect(await run('grant', 'nobody@segmentia.es')).toEqual({
      code: 1,
      output: expect.stringContaining('No Firebase account has that email (nobody@segmentia.es)'),
    });
    expect(await run('promote', 'leo@segmentia.es')).toEqual({ code: 1, output: expect.stringContaining('Usage: npm run staff') });
  });
});

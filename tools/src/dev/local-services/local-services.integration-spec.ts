/**
 * The embedded defaults against the real programs: Firebase's Auth emulator
 * (firebase-tools), `npm run staff` (firebase-admin) on it, the API's token
 * check in emulator mode, and the mail catcher (maildev) over SMTP.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTransport } from 'nodemailer';
import { loadConfig } from '@segmentia/api/config';
import { AccountCheck, FirebaseTokenVerifier } from '@segmentia/api/auth';
import { freePort, freePortRun } from '../../common/ports';
import { API_ROOT } from '../../common/paths';
import { claimsOf, ensureAccount, signInWithPassword } from '@segmentia/testing';
import { caughtMessages } from './mail-catcher';
import { DEMO_ACCOUNTS, type LocalServices, startLocalServices } from './local-services';

jest.setTimeout(90_000);

let services: LocalServices;
beforeAll(async () => {
  const [authEmulator, mailSmtp, mailWeb] = [await freePortRun(3), await freePort(), await freePort()];
  services = await startLocalServices({ authEmulator, mailSmtp, mailWeb });
});
afterAll(() => services?.stop());

const emulator = () => services.auth!;

describe('the Firebase Auth emulator with the demo accounts', () => {
  const verifierFor = (env: Record<string, string>) => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://unused', NODE_ENV: 'development', HOST: '127.0.0.1', ...env });
    return new FirebaseTokenVerifier(config, new AccountCheck(config));
  };

  it('signs the demo sales account in with a token the API takes as sales staff, and the other one without the role', async () => {
    const verifier = verifierFor(services.apiEnv);
    const sales = await signInWithPassword(emulator(), DEMO_ACCOUNTS.sales.email, DEMO_ACCOUNTS.sales.password);
    expect(await verifier.verify(sales)).toMatchObject({ email: DEMO_ACCOUNTS.sales.email, role: 'sales' });
    const visitor = await signInWithPassword(emulator(), DEMO_ACCOUNTS.visitor.email, DEMO_ACCOUNTS.visitor.password);
    expect(await verifier.verify(visitor)).toMatchObject({ email: DEMO_ACCOUNTS.visitor.email, role: undefined });
    await expect(signInWithPassword(emulator(), DEMO_ACCOUNTS.sales.email, 'wrong')).rejects.toThrow(
      /INVALID_(PASSWORD|LOGIN_CREDENTIALS)/,
    );
  });

  it("refuses the emulator's unsigned tokens when the API is not told it runs against the emulator", async () => {
    const token = await signInWithPassword(emulator(), DEMO_ACCOUNTS.sales.email, DEMO_ACCOUNTS.sales.password);
    const signedOnly = verifierFor({
      FIREBASE_PROJECT_ID: services.apiEnv.FIREBASE_PROJECT_ID!,
      FIREBASE_JWKS_URL: `${emulator().url}/none`,
    });
    await expect(signedOnly.verify(token)).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });

  it("refuses an unverified account's token", async () => {
    await ensureAccount(emulator(), { email: 'sin-verificar@segmentia.test', password: 'una-clave', staff: true, emailVerified: false });
    const token = await signInWithPassword(emulator(), 'sin-verificar@segmentia.test', 'una-clave');
    await expect(verifierFor(services.apiEnv).verify(token)).rejects.toMatchObject({ extensions: { reason: 'emailNotVerified' } });
  });
});

/** `npm run staff`, as its own process (firebase-admin on FIREBASE_AUTH_EMULATOR_HOST). */
describe('npm run staff against the emulator', () => {
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [path.join(API_ROOT, 'dist/scripts/staff.js'), ...args], {
      env: { ...process.env, ...services.apiEnv, STAFF_EMAIL_DOMAINS: 'segmentia.es' },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
    );

  it("grants the sales role once, keeping the account's other claims, lists it, and revokes it", async () => {
    await ensureAccount(emulator(), { email: 'leo@segmentia.test', password: 'una-clave', claims: { team: 'madrid' } });
    expect(await run('grant', 'leo@segmentia.test')).toEqual({
      code: 0,
      output: expect.stringContaining('leo@segmentia.test now is sales staff'),
    });
    expect(await claimsOf(emulator(), 'leo@segmentia.test')).toEqual({ team: 'madrid', role: 'sales' });
    expect(await run('grant', 'leo@segmentia.test')).toEqual({ code: 0, output: expect.stringContaining('already is sales staff') });
    expect((await run('list')).output.split('\n')).toEqual(
      expect.arrayContaining([`leo@segmentia.test  reads leads: sales role`, `${DEMO_ACCOUNTS.sales.email}  reads leads: sales role`]),
    );
    expect(await run('revoke', 'leo@segmentia.test')).toEqual({
      code: 0,
      output: expect.stringContaining('leo@segmentia.test now is denied: its sessions are ended'),
    });
    expect(await claimsOf(emulator(), 'leo@segmentia.test')).toEqual({ team: 'madrid', staff: false });
    expect((await run('list')).output.split('\n')).toContain('leo@segmentia.test  denied: revoked');
  });

  it('lists a STAFF_EMAIL_DOMAINS account, denies it on revoke, and lets it in again on grant', async () => {
    await ensureAccount(emulator(), { email: 'marta@segmentia.es', password: 'una-clave' });
    expect((await run('list')).output.split('\n')).toContain('marta@segmentia.es  reads leads: STAFF_EMAIL_DOMAINS');
    expect(await run('revoke', 'marta@segmentia.es')).toEqual({
      code: 0,
      output: expect.stringContaining('marta@segmentia.es now is denied (its STAFF_EMAIL_DOMAINS address no longer counts)'),
    });
    expect(await claimsOf(emulator(), 'marta@segmentia.es')).toEqual({ staff: false });
    expect((await run('list')).output.split('\n')).toContain('marta@segmentia.es  denied: revoked');
    // A second revoke still ends its sessions.
    expect(await run('revoke', 'marta@segmentia.es')).toEqual({ code: 0, output: expect.stringContaining('already is denied') });
    expect(await run('grant', 'marta@segmentia.es')).toEqual({ code: 0, output: expect.stringContaining('now is sales staff') });
    expect(await claimsOf(emulator(), 'marta@segmentia.es')).toEqual({ role: 'sales' });
  });

  it('fails with a clear message for an unknown account or a wrong command', async () => {
    expect(await run('grant', 'nobody@segmentia.test')).toEqual({
      code: 1,
      output: expect.stringContaining('No Firebase account has that email (nobody@segmentia.test)'),
    });
    expect(await run('promote', 'leo@segmentia.test')).toEqual({ code: 1, output: expect.stringContaining('Usage: npm run staff') });
  });
});

describe('the mail catcher', () => {
  it('keeps what is sent to SMTP_URL and gives it back whole', async () => {
    const subject = `Prueba ${Date.now()}`;
    await createTransport(services.apiEnv.SMTP_URL).sendMail({
      from: 'Segmentia <no-reply@segmentia.es>',
      to: services.apiEnv.NOTIFY_EMAIL_TO,
      subject,
      text: 'Hola',
      html: '<p>Hola</p>',
    });
    const message = (await caughtMessages(services.mail!.webUrl)).find((candidate) => candidate.subject === subject);
    expect(message).toMatchObject({ to: [{ address: 'ventas@segmentia.test', name: '' }], text: expect.stringContaining('Hola') });
  });
});

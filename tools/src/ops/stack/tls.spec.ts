import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { caKeyOf, ensureLocalCertificates } from './tls';

const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-tls-spec-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const openssl = (...args: string[]) => execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** openssl verify's answer, success or not. */
const verify = (ca: string, cert: string) => {
  try {
    return openssl('verify', '-CAfile', ca, cert);
  } catch (error) {
    return String((error as { stdout: string }).stdout) + String((error as { stderr: string }).stderr);
  }
};

describe("npm run prod's local certificate authority", () => {
  const dir = path.join(folder, 'tls');
  const files = ensureLocalCertificates(dir);

  it('may sign localhost, 127.0.0.1 and ::1 only (name constraints), and signed the server certificate for them', () => {
    const text = openssl('x509', '-in', files.ca, '-noout', '-text');
    expect(text).toMatch(
      /X509v3 Name Constraints: critical\s+Permitted:\s+DNS:localhost\s+IP:127\.0\.0\.1\/255\.255\.255\.255\s+IP:0:0:0:0:0:0:0:1\//,
    );
    expect(verify(files.ca, files.cert)).toContain(': OK');

    // A certificate for another name, signed with the CA's own key: refused by the constraint.
    const other = path.join(folder, 'other');
    writeFileSync(`${other}.ext`, 'subjectAltName=DNS:www.example.com\n');
    openssl(
      'req',
      '-new',
      '-nodes',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-keyout',
      `${other}-key.pem`,
      '-out',
      `${other}.csr`,
      '-subj',
      '/CN=www.example.com',
    );
    openssl(
      'x509',
      '-req',
      '-in',
      `${other}.csr`,
      '-CA',
      files.ca,
      '-CAkey',
      caKeyOf(dir),
      '-CAcreateserial',
      '-out',
      `${other}.pem`,
      '-days',
      '1',
      '-extfile',
      `${other}.ext`,
    );
    expect(verify(files.ca, `${other}.pem`)).toMatch(/permitted subtree violation/);
  });

  it('keeps its key outside the folder the web container mounts (0600)', () => {
    expect(readdirSync(dir).filter((name) => /key/.test(name))).toEqual(['localhost-key.pem']);
    expect(path.dirname(caKeyOf(dir))).not.toBe(dir);
    expect(statSync(caKeyOf(dir)).mode & 0o777).toBe(0o600);
  });

  it('replaces a CA of before, whose key sat in the folder, and the certificate it signed', () => {
    const old = path.join(folder, 'old');
    const before = ensureLocalCertificates(old);
    const ca = readFileSync(before.ca, 'utf8');
    // The old layout: the key in the mounted folder.
    writeFileSync(path.join(old, 'ca-key.pem'), readFileSync(caKeyOf(old)));
    const after = ensureLocalCertificates(old);
    expect(existsSync(path.join(old, 'ca-key.pem'))).toBe(false);
    expect(readFileSync(after.ca, 'utf8')).not.toBe(ca);
    expect(verify(after.ca, after.cert)).toContain(': OK');
  });
});

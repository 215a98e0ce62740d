/**
 * The API's connection in Kubernetes (deploy/k8s/base/api.yaml): sslmode=verify-full with the operator's CA as
 * sslrootcert. Here a PostgreSQL with a certificate of a CA of the test's own, reached through the API's own client
 * (PrismaService's pool, node-postgres): TLS is used, and a server the CA did not sign is refused.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '@segmentia/api/config';
import { PrismaService } from '@segmentia/api/database';
import { freePort } from '../../common/ports';
import { type Database, startEmbeddedPostgres } from './embedded-postgres';

jest.setTimeout(60_000);
const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-verified-tls-spec-'));
chmodSync(folder, 0o755);
const file = (name: string) => path.join(folder, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
const newKey = ['-nodes', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

/** A CA and a server certificate it signs for 127.0.0.1. */
function makeCa(name: string): void {
  openssl(
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    file(`${name}-ca.key`),
    '-out',
    file(`${name}-ca.crt`),
    '-days',
    '1',
    '-subj',
    `/CN=${name} CA`,
  );
}

let database: Database;
beforeAll(async () => {
  makeCa('operator');
  makeCa('other');
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('req', '-new', ...newKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=segmentia-db-rw');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('operator-ca.crt'),
    '-CAkey',
    file('operator-ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.crt'),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
  );
  // A cluster started once, given the certificate and PostgreSQL's own settings for it, and started again with TLS.
  const options = { dataDir: file('data'), port: await freePort(), persistent: true };
  const plain = await startEmbeddedPostgres(options);
  // PostgreSQL reads its key only when it alone may: the user that owns the data (as root, the user postgres).
  const owner = statSync(options.dataDir);
  for (const name of ['server.key', 'server.crt']) {
    copyFileSync(file(name), path.join(options.dataDir, name));
    chmodSync(path.join(options.dataDir, name), 0o600);
    chownSync(path.join(options.dataDir, name), owner.uid, owner.gid);
  }
  const admin = new Client({ connectionString: plain.url });
  await admin.connect();
  for (const setting of ["ssl = 'on'", "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'"]) {
    await admin.query(`ALTER SYSTEM SET ${setting}`);
  }
  await admin.end();
  await plain.stop();
  database = await startEmbeddedPostgres(options);
});
afterAll(async () => {
  await database?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const verified = (ca: string) => `${database.url}?sslmode=verify-full&sslrootcert=${file(ca)}`;
async function sslOfTheApi(url: string): Promise<boolean> {
  const prisma = new PrismaService(loadConfig({ DATABASE_URL: url, DATABASE_TIMEOUT_MS: '5000' }));
  try {
    // The API's own pool (Prisma's queries go through it; jest's VM cannot load Prisma's query compiler).
    const { rows } = await prisma.pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
    return rows[0]!.ssl;
  } finally {
    await prisma.pool.end();
  }
}

describe("the API's database connection with sslmode=verify-full and the operator's CA", () => {
  it('is encrypted (pg_stat_ssl, from the API)', async () => {
    expect(await sslOfTheApi(verified('operator-ca.crt'))).toBe(true);
    // Without sslmode, node-postgres would not ask for TLS at all.
    expect(await sslOfTheApi(database.url)).toBe(false);
  });

  it('refuses a server whose certificate another CA signed', async () => {
    await expect(sslOfTheApi(verified('other-ca.crt'))).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
  });
});

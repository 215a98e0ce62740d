/**
 * The embedded PostgreSQL's superuser password: random per cluster (initdb gets it from server.ts), kept in a file of
 * the cluster's own folder (mode 0600, in PostgreSQL's password-file format, so `PGPASSFILE=<file> psql -h 127.0.0.1
 * -p <port> -U segmentia` reads it). A base backup copies it with the data (encrypted), so a restored folder opens
 * with its own. The tools read it from there; it is never on a command line.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export const EMBEDDED_USER = 'segmentia';
/** The superuser's password of every cluster made before each got its own: replaced at their next start. */
export const LEGACY_PASSWORD = 'segmentia';
export const PASSWORD_FILE = 'segmentia-superuser.pgpass';

export const newPassword = () => randomBytes(24).toString('hex');

/** The superuser's password of the cluster in `dataDir`, from its password file; undefined when it has none. */
export function readSuperuserPassword(dataDir: string): string | undefined {
  const file = path.join(dataDir, PASSWORD_FILE);
  return (existsSync(file) && readFileSync(file, 'utf8').trim().split(':').at(-1)) || undefined;
}

export function writeSuperuserPassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, PASSWORD_FILE);
  writeFileSync(file, `127.0.0.1:*:*:${EMBEDDED_USER}:${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * The superuser's password of the running cluster in `dataDir`. A cluster made with the old constant password gets
 * a random one now (written to its file first, so a failure never leaves it unknown), and the old one logs in no more.
 */
export async function ensureSuperuserPassword(dataDir: string, port: number): Promise<string> {
  const known = readSuperuserPassword(dataDir);
  if (known) return known;
  const password = newPassword();
  const admin = new Client({ host: '127.0.0.1', port, user: EMBEDDED_USER, password: LEGACY_PASSWORD, database: 'postgres' });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    writeSuperuserPassword(dataDir, password);
    await admin.query(`ALTER ROLE ${EMBEDDED_USER} PASSWORD '${password}'`);
  } catch (error) {
    rmSync(path.join(dataDir, PASSWORD_FILE), { force: true });
    throw error;
  } finally {
    await admin.end();
  }
  return password;
}

/**
 * Point-in-time restore of the embedded PostgreSQL, into a new data folder,
 * never over the live one: the last base backup that ended before the target,
 * decrypted with the backups' key (encryption.ts), the archived WAL replayed up to the target (a time, or the end of the
 * archive: `latest`), then promoted; the erasure ledger applied; then stopped,
 * ready for `EMBEDDED_POSTGRES_DIR=<folder> npm run prod`.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { until } from '@segmentia/testing';
import { startEmbeddedPostgres } from '../../dev/database/embedded-postgres';
import { readText } from '../../dev/database/server';
import { backupLayout, keyEnvironment, walCryptCommand } from './archive';
import { assertOpensWith, backupKey, decryptFile, decryptText } from './encryption';
import { BACKUP_INFO, listBaseBackups } from './base-backup';
import { applyLedger } from './ledger';
import { SUPPRESSION_KEY_FILE } from './suppression-key';

export interface RestoreReport {
  baseBackup: string;
  /** The target: a moment, or the end of the archived WAL. */
  target: Date | 'latest';
  dataDir: string;
  leads: number;
  newestLead: Date | null;
  erasedAgain: number;
  seconds: number;
  /** The suppression list's key the backup carries (suppression-key.ts): the restore's caller puts it back. */
  suppressionKey?: string;
}

/** PostgreSQL's quoting of a setting's value. */
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Decrypts a base backup's folder into `into` (its description and the suppression list's key aside). */
async function decryptFolder(from: string, to: string, key: Buffer): Promise<void> {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === BACKUP_INFO || entry.name === SUPPRESSION_KEY_FILE) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await decryptFolder(source, target, key);
    else await decryptFile(source, target, key);
  }
}

export async function restore(
  backupDir: string,
  target: Date | 'latest',
  into: string,
  port: number,
  key = backupKey(),
): Promise<RestoreReport> {
  const startedAt = Date.now();
  const backups = listBaseBackups(backupDir);
  const base = target === 'latest' ? backups.at(-1) : backups.filter((backup) => backup.finishedAt.getTime() <= target.getTime()).at(-1);
  if (!base) {
    throw new Error(
      target === 'latest'
        ? `No base backup in ${backupLayout(backupDir).base}: take one with npm run backup.`
        : `No base backup ended before ${target.toISOString()}: the oldest ended ${backups[0]?.finishedAt.toISOString() ?? 'never'}.`,
    );
  }
  if (existsSync(into) && readdirSync(into).length) throw new Error(`${into} is not empty: a restore goes into a new folder.`);
  const keyFile = path.join(base.folder, SUPPRESSION_KEY_FILE);
  // A wrong key is said before anything is written.
  assertOpensWith(path.join(base.folder, 'backup_label'), key);
  // Its parents open to every user (as root, PostgreSQL runs as the user postgres, which must reach the folder).
  mkdirSync(path.dirname(into), { recursive: true });
  await decryptFolder(base.folder, into, key);
  // Archive recovery: WAL from the archive, up to the target, then a new timeline that takes writes.
  appendFileSync(
    path.join(into, 'postgresql.auto.conf'),
    [
      '# Written by npm run restore.',
      `restore_command = ${quoted(walCryptCommand('restore', path.join(backupLayout(backupDir).wal, '%f'), '%p'))}`,
      // A numeric offset: PostgreSQL reads no time zone abbreviation (Z) here.
      `recovery_target_time = ${quoted(target === 'latest' ? '' : target.toISOString().replace('T', ' ').replace('Z', '+00'))}`,
      "recovery_target_action = 'promote'",
      '',
    ].join('\n'),
  );
  appendFileSync(path.join(into, 'recovery.signal'), '');
  // Started as `npm run prod` starts it (owned by the user it runs as); ready once recovery has ended.
  const database = await startEmbeddedPostgres({
    dataDir: into,
    port,
    persistent: true,
    portVariable: 'the restore (a free port)',
    env: keyEnvironment(key),
  }).catch((error: unknown) => {
    // No log: PostgreSQL never started, and the error says why.
    const log = readText(path.join(into, 'postgres.log')) ?? '';
    if (/recovery ended before configured recovery target was reached/.test(log)) {
      throw new Error(
        `The archive ends before ${target === 'latest' ? 'its end' : target.toISOString()}: the WAL written since was not ` +
          `archived yet (it is within archive_timeout of the loss). Restore to an earlier time, or to latest.`,
      );
    }
    throw error;
  });
  try {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      // Connections open as soon as the replay is consistent; writes once it has ended (promoted).
      await until(
        'the restored PostgreSQL ends its recovery',
        async () => !(await client.query('SELECT pg_is_in_recovery() AS r')).rows[0].r,
        {
          timeoutMs: 300_000,
          intervalMs: 100,
        },
      );
      const erasedAgain = await applyLedger(client, backupDir);
      const { rows } = await client.query<{ leads: number; newest: Date | null }>(
        'SELECT count(*)::int AS leads, max(received_at) AS newest FROM contact_request',
      );
      return {
        baseBackup: base.label,
        target,
        dataDir: database.dataDir ?? into,
        leads: rows[0]!.leads,
        newestLead: rows[0]!.newest,
        erasedAgain,
        seconds: (Date.now() - startedAt) / 1000,
        suppressionKey: existsSync(keyFile) ? decryptText(keyFile, key) : undefined,
      };
    } finally {
      await client.end();
    }
  } finally {
    await database.stop();
  }
}

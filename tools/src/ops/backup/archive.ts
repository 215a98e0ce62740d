/**
 * Continuous archiving of the embedded PostgreSQL (`npm run prod`): every
 * finished WAL segment is copied, encrypted (encryption.ts), to BACKUP_DIR/wal, and a segment is finished
 * at least every ARCHIVE_TIMEOUT_SECONDS, so at most that much of the leads is
 * at risk when the data folder is lost. PostgreSQL's own mechanism
 * (archive_command), because the embedded PostgreSQL 17 ships no
 * pg_basebackup or pg_receivewal, and Debian's pgBackRest does not support 17.
 */
import { chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { until } from '@segmentia/testing';
import type { UserIds } from '../../dev/database/run-as';
import { TOOLS_ROOT } from '../../common/paths';
import { KEY_VARIABLE } from './encryption';

export const ARCHIVE_TIMEOUT_SECONDS = 60;

/** What the backup folder holds. */
export function backupLayout(backupDir: string) {
  return {
    wal: path.join(backupDir, 'wal'),
    base: path.join(backupDir, 'base'),
    /** Ids of the leads staff erased, one JSON line per erasure: applied after every restore. */
    ledger: path.join(backupDir, 'erasures.jsonl'),
  };
}

/**
 * The command PostgreSQL runs to archive a WAL segment or get one back, encrypted: wal-crypt.ts as built in tools/dist
 * (a process of PostgreSQL's, which runs no TypeScript: `npm run test:integration` builds first).
 */
export function walCryptCommand(action: 'archive' | 'restore', from: string, to: string): string {
  const script = path.join(TOOLS_ROOT, 'dist', 'src', 'ops', 'backup', 'wal-crypt.js');
  return `"${process.execPath}" "${script}" ${action} "${from}" "${to}"`;
}

/** The key, for the environment of a PostgreSQL that archives or restores WAL (never on its command line). */
export const keyEnvironment = (key: Buffer): Record<string, string> => ({ [KEY_VARIABLE]: key.toString('hex') });

/**
 * The server settings that archive every WAL segment into the backup folder (made here, writable by the user
 * PostgreSQL runs as), encrypted (wal-crypt.ts: the key from the server's environment, keyEnvironment). A segment is
 * written under a temporary name and renamed, so a half-written one never looks whole.
 */
export function archiveSettings(backupDir: string, runAs: UserIds | undefined): Record<string, string> {
  const { wal, base } = backupLayout(backupDir);
  for (const folder of [backupDir, wal, base]) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (runAs) chownSync(folder, runAs.uid, runAs.gid);
  }
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: walCryptCommand('archive', '%p', path.join(wal, '%f')),
    archive_timeout: String(ARCHIVE_TIMEOUT_SECONDS),
  };
}

/**
 * What archive_timeout does within a minute, at once: the WAL segment in use closed, and the wait until the archive
 * holds it (for the drill and the tests, which cannot wait a minute).
 */
export async function archiveNow(database: Pick<Client, 'query'>): Promise<void> {
  const { rows } = await database.query<{ segment: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS segment');
  await until(
    'the current WAL segment is archived',
    async () => {
      const archived = await database.query<{ last: string | null }>('SELECT last_archived_wal AS last FROM pg_stat_archiver');
      return (archived.rows[0]!.last ?? '') >= rows[0]!.segment;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

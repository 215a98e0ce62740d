/**
 * A base backup of the running embedded PostgreSQL with PostgreSQL's
 * low-level API: pg_backup_start, a copy of the data folder (without what
 * PostgreSQL's documentation says to leave out), pg_backup_stop, which waits
 * until the WAL the copy needs is archived and gives the backup_label that
 * goes with it. With the WAL archived since, the copy restores to any moment
 * after its end (restore.ts). Every file is encrypted (encryption.ts), and so is the suppression list's key, which
 * the backup carries beside them (suppression-key.ts).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { backupLayout } from './archive';
import { backupKey, encryptFile, encryptText } from './encryption';
import { SUPPRESSION_KEY_FILE } from './suppression-key';

export interface BaseBackup {
  label: string;
  folder: string;
  startedAt: Date;
  finishedAt: Date;
  bytes: number;
  /** The WAL segment the backup starts in: the archive before it is not needed to restore it (prune.ts). */
  startWal?: string;
}

/** Files of a running cluster that a backup leaves out, and folders it keeps empty. */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'postgres.log', 'backup_label.old', 'tablespace_map.old']);
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** What describes a backup, beside its files. */
export const BACKUP_INFO = 'segmentia-backup.json';

/**
 * Copies the data folder, each file encrypted; a file PostgreSQL removes meanwhile (a temporary one) is skipped.
 * Returns the bytes read.
 */
async function copyDataFolder(from: string, to: string, key: Buffer, top = true): Promise<number> {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if ((top && LEFT_OUT.has(entry.name)) || entry.name.startsWith('pgsql_tmp')) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) {
        if (top && EMPTIED.has(entry.name)) mkdirSync(target, { mode: 0o700 });
        else bytes += await copyDataFolder(source, target, key, false);
      } else if (entry.isFile()) {
        await encryptFile(source, target, key);
        bytes += statSync(source).size;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return bytes;
}

/**
 * Takes a base backup of the cluster at `databaseUrl` (its superuser), whose data folder is `dataDir`, into
 * backupDir/base, every file encrypted with `key` (encryption.ts) but its description (times and size), with the
 * suppression list's key when there is one.
 */
export async function takeBaseBackup(
  databaseUrl: string,
  dataDir: string,
  backupDir: string,
  key = backupKey(),
  suppressionKey?: string,
): Promise<BaseBackup> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const startedAt = new Date();
    const label = `base-${startedAt.toISOString().replace(/[:.]/g, '-')}`;
    const folder = path.join(backupLayout(backupDir).base, label);
    const partial = `${folder}.part`;
    const started = await client.query<{ wal: string }>('SELECT pg_walfile_name(pg_backup_start($1, true)) AS wal', [label]);
    const startWal = started.rows[0]!.wal;
    let stopped = false;
    let bytes: number;
    try {
      bytes = await copyDataFolder(dataDir, partial, key);
      const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
        'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
      );
      stopped = true;
      encryptText(rows[0]!.labelfile, path.join(partial, 'backup_label'), key);
      if (rows[0]!.spcmapfile) encryptText(rows[0]!.spcmapfile, path.join(partial, 'tablespace_map'), key);
      if (suppressionKey) encryptText(suppressionKey, path.join(partial, SUPPRESSION_KEY_FILE), key);
    } finally {
      if (!stopped) await client.query('SELECT pg_backup_stop(false)').catch(() => undefined);
    }
    const finishedAt = new Date();
    writeFileSync(path.join(partial, BACKUP_INFO), `${JSON.stringify({ label, startedAt, finishedAt, bytes, startWal }, null, 2)}\n`);
    renameSync(partial, folder);
    // For the API's metrics (segmentia_base_backup_age_seconds).
    await client.query('INSERT INTO base_backup (label, started_at, finished_at, bytes) VALUES ($1, $2, $3, $4)', [
      label,
      startedAt,
      finishedAt,
      bytes,
    ]);
    return { label, folder, startedAt, finishedAt, bytes, startWal };
  } finally {
    await client.end();
  }
}

/** The base backups in backupDir, oldest first. */
export function listBaseBackups(backupDir: string): BaseBackup[] {
  const { base } = backupLayout(backupDir);
  let names: string[];
  try {
    names = readdirSync(base).filter((name) => !name.endsWith('.part'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const folder = path.join(base, name);
      const info = JSON.parse(readFileSync(path.join(folder, BACKUP_INFO), 'utf8')) as {
        label: string;
        startedAt: string;
        finishedAt: string;
        bytes: number;
        startWal?: string;
      };
      const { label, startedAt, finishedAt, bytes, startWal } = info;
      return { label, folder, startedAt: new Date(startedAt), finishedAt: new Date(finishedAt), bytes, startWal };
    })
    .sort((a, b) => a.finishedAt.getTime() - b.finishedAt.getTime());
}

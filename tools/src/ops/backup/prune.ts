/**
 * The one-machine backups are kept BACKUP_RETENTION_DAYS (30 by default, as the privacy policy says): a base backup
 * older than that is deleted, with the archived WAL that no base backup kept needs (every segment before the one
 * the oldest kept backup starts in, as pg_archivecleanup does). The newest base backup is always kept, so a restore
 * stays possible; npm run prod takes one at start and daily, and prunes after each.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { backupLayout } from './archive';
import { type BaseBackup, listBaseBackups } from './base-backup';

const DAY_MS = 24 * 3600 * 1000;
/** An archived WAL segment, or a backup history file (<segment>.<offset>.backup), or a partial segment. */
const WAL_FILE = /^([0-9A-F]{8})([0-9A-F]{16})(\.[0-9A-F]{8}\.backup|\.partial)?$/;

export interface Pruned {
  baseBackups: string[];
  walFiles: number;
}

export function pruneBackups(backupDir: string, retentionDays: number, now = new Date()): Pruned {
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const backups = listBaseBackups(backupDir);
  const newest = backups.at(-1);
  const expired = backups.filter((backup) => backup !== newest && backup.finishedAt.getTime() < cutoff);
  for (const backup of expired) rmSync(backup.folder, { recursive: true, force: true });
  const kept = backups.filter((backup) => !expired.includes(backup));
  return { baseBackups: expired.map((backup) => backup.label), walFiles: pruneWal(backupDir, kept[0]) };
}

/** Deletes the archived WAL before the segment `oldest` starts in (timelines aside: .history files stay). */
function pruneWal(backupDir: string, oldest: BaseBackup | undefined): number {
  // A backup taken before its first WAL segment was recorded: nothing is known to be unneeded.
  if (!oldest?.startWal) return 0;
  const first = WAL_FILE.exec(oldest.startWal)![2]!;
  const { wal } = backupLayout(backupDir);
  let deleted = 0;
  for (const name of readdirSync(wal)) {
    const segment = WAL_FILE.exec(name)?.[2];
    if (segment && segment < first) {
      rmSync(path.join(wal, name), { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

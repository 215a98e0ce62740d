/**
 * Pruning of the one-machine backups (BACKUP_RETENTION_DAYS): base backups older than the retention go, the newest
 * stays, and the archived WAL goes up to the segment the oldest kept backup starts in. Folders as base-backup.ts and
 * archive.ts write them.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupLayout } from './archive';
import { BACKUP_INFO, listBaseBackups } from './base-backup';
import { pruneBackups } from './prune';

const NOW = new Date('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);
let backupDir: string;

/** A base backup finished `days` ago, starting in WAL segment `startWal` (none: written before it was recorded). */
function baseBackup(days: number, startWal?: string) {
  const finishedAt = daysAgo(days);
  const label = `base-${finishedAt.toISOString().replace(/[:.]/g, '-')}`;
  const folder = path.join(backupLayout(backupDir).base, label);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, BACKUP_INFO), JSON.stringify({ label, startedAt: finishedAt, finishedAt, bytes: 1, startWal }));
  return label;
}
const walFiles = (...names: string[]) => names.forEach((name) => writeFileSync(path.join(backupLayout(backupDir).wal, name), 'x'));
const labels = () => listBaseBackups(backupDir).map((backup) => backup.label);
const wal = () => readdirSync(backupLayout(backupDir).wal).sort();

beforeEach(() => {
  backupDir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-prune-spec-'));
  mkdirSync(backupLayout(backupDir).wal, { recursive: true });
});
afterEach(() => rmSync(backupDir, { recursive: true, force: true }));

describe('pruning the backups to BACKUP_RETENTION_DAYS', () => {
  it('deletes the base backups older than the retention and the WAL before the oldest kept one starts', () => {
    const old = baseBackup(45, '000000010000000000000002');
    const older = baseBackup(31, '000000010000000000000005');
    const kept = [baseBackup(29, '000000010000000000000009'), baseBackup(1, '00000001000000000000000C')];
    walFiles(
      '000000010000000000000002',
      '000000010000000000000005',
      '000000010000000000000005.00000028.backup',
      '000000010000000000000008',
      '000000010000000000000009',
      '000000010000000000000009.00000028.backup',
      '00000001000000000000000A',
      '00000002000000000000000C',
      '00000002.history',
    );
    expect(pruneBackups(backupDir, 30, NOW)).toEqual({ baseBackups: [old, older], walFiles: 4 });
    expect(labels()).toEqual(kept);
    expect(existsSync(path.join(backupLayout(backupDir).base, old))).toBe(false);
    expect(wal()).toEqual([
      '000000010000000000000009',
      '000000010000000000000009.00000028.backup',
      '00000001000000000000000A',
      '00000002.history',
      '00000002000000000000000C',
    ]);
  });

  it('keeps everything within the retention', () => {
    const kept = [baseBackup(20, '000000010000000000000002'), baseBackup(2, '000000010000000000000004')];
    walFiles('000000010000000000000002', '000000010000000000000003');
    expect(pruneBackups(backupDir, 30, NOW)).toEqual({ baseBackups: [], walFiles: 0 });
    expect(labels()).toEqual(kept);
    expect(wal()).toHaveLength(2);
  });

  it('always keeps the newest base backup, and its WAL, however old (a restore stays possible)', () => {
    baseBackup(90, '000000010000000000000002');
    const newest = baseBackup(40, '000000010000000000000006');
    walFiles('000000010000000000000005', '000000010000000000000006', '000000010000000000000007');
    expect(pruneBackups(backupDir, 30, NOW).walFiles).toBe(1);
    expect(labels()).toEqual([newest]);
    expect(wal()).toEqual(['000000010000000000000006', '000000010000000000000007']);
  });

  it('deletes no WAL while the oldest kept backup does not say where it starts (taken before that was recorded)', () => {
    baseBackup(10);
    walFiles('000000010000000000000001');
    expect(pruneBackups(backupDir, 30, NOW)).toEqual({ baseBackups: [], walFiles: 0 });
    expect(wal()).toHaveLength(1);
  });

  it('follows the setting: 7 days keeps a week', () => {
    baseBackup(8, '000000010000000000000002');
    const kept = baseBackup(6, '000000010000000000000003');
    expect(pruneBackups(backupDir, 7, NOW).baseBackups).toHaveLength(1);
    expect(labels()).toEqual([kept]);
  });
});

/**
 * `npm run prod`'s backups while it runs: a base backup at start and every
 * day, each followed by the pruning of what is older than the retention
 * (prune.ts), and the erasure ledger kept up to date (every 2 s). The WAL is
 * archived by PostgreSQL itself (archive.ts).
 */
import pg from 'pg';
import { takeBaseBackup } from './base-backup';
import { copyErasures } from './ledger';
import { pruneBackups } from './prune';

const DAY_MS = 24 * 3600 * 1000;
const LEDGER_INTERVAL_MS = 2000;

export class BackupAgent {
  private readonly pool: pg.Pool;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly databaseUrl: string,
    private readonly dataDir: string,
    private readonly backupDir: string,
    private readonly log: (line: string) => void = console.log,
    private readonly retentionDays = 30,
    /** The suppression list's key, which each base backup carries (suppression-key.ts). */
    private readonly carried: { suppressionKey?: string } = {},
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    this.pool.on('error', () => undefined);
  }

  async start(): Promise<void> {
    const { rows } = await this.pool.query<{ archive_mode: string }>('SHOW archive_mode');
    if (rows[0]!.archive_mode !== 'on') {
      throw new Error('The embedded PostgreSQL runs without WAL archiving (npm start started it): stop it, then start npm run prod.');
    }
    await copyErasures(this.pool, this.backupDir);
    await this.backup();
    this.timers.push(setInterval(() => void this.backup(), DAY_MS).unref());
    this.timers.push(setInterval(() => void copyErasures(this.pool, this.backupDir).catch(() => undefined), LEDGER_INTERVAL_MS).unref());
  }

  private async backup(): Promise<void> {
    try {
      const backup = await takeBaseBackup(this.databaseUrl, this.dataDir, this.backupDir, undefined, this.carried.suppressionKey);
      this.log(`Base backup ${backup.label}: ${(backup.bytes / 1e6).toFixed(1)} MB in ${this.backupDir}`);
      const pruned = pruneBackups(this.backupDir, this.retentionDays);
      if (pruned.baseBackups.length || pruned.walFiles) {
        this.log(
          `Backups older than ${this.retentionDays} days deleted: ${pruned.baseBackups.length} base, ${pruned.walFiles} WAL file(s)`,
        );
      }
    } catch (error) {
      this.log(`The base backup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    // The ledger once more: an erasure of the last seconds is kept.
    await copyErasures(this.pool, this.backupDir).catch(() => undefined);
    await this.pool.end();
  }
}

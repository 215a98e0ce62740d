/**
 * Backups of `npm run prod`'s embedded PostgreSQL (tools/src/ops/backup/):
 *   npm run backup                                   a base backup now (npm run prod running), then
 *       deletes the backups older than BACKUP_RETENTION_DAYS (backup/prune.ts)
 *   npm run restore -- --to latest|<time> [--into <folder>]
 *       restores into a new data folder (never over the live one), applies
 *       the erasure ledger, puts the suppression list's key back (never over
 *       another), prints what it restored and how to serve it.
 * BACKUP_DIR (default .data/backups) holds the backups.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { ConfigError, loadEnvFile } from '@segmentia/api/config';
import { takeBaseBackup } from '../ops/backup/base-backup';
import { copyErasures } from '../ops/backup/ledger';
import { pruneBackups } from '../ops/backup/prune';
import { restore } from '../ops/backup/restore';
import { prodSuppressionKey, putBackSuppressionKey } from '../ops/backup/suppression-key';
import { loadToolsConfig } from '../common/config';
import { embeddedOptionsFromEnv } from '../dev/database/open-database';
import { embeddedUrl, isReachable } from '../dev/database/server';
import { LEGACY_PASSWORD, readSuperuserPassword } from '../dev/database/superuser-password';
import { REPO_ROOT } from '../common/paths';
import { freePort } from '../common/ports';

/** npm run prod's folder, where it keeps the suppression list's key when SUPPRESSION_HASH_KEY is unset. */
const PROD_DATA_DIR = path.join(REPO_ROOT, '.data', 'prod');

async function backupNow(backupDir: string, port: number, retentionDays: number, suppressionKey: string | undefined): Promise<void> {
  const url = embeddedUrl(port, readSuperuserPassword(embeddedOptionsFromEnv().dataDir) ?? LEGACY_PASSWORD);
  if (!(await isReachable(url))) {
    throw new ConfigError(`No embedded PostgreSQL answers on port ${port} (EMBEDDED_POSTGRES_PORT): start npm run prod first.`);
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string; archive_mode: string }>(
      "SELECT current_setting('data_directory') AS data_directory, current_setting('archive_mode') AS archive_mode",
    );
    if (rows[0]!.archive_mode !== 'on') {
      throw new ConfigError('The embedded PostgreSQL runs without WAL archiving (npm start started it): stop it, then start npm run prod.');
    }
    await copyErasures(client, backupDir);
    const backup = await takeBaseBackup(url, rows[0]!.data_directory, backupDir, undefined, suppressionKey);
    console.log(`Base backup ${backup.label}: ${(backup.bytes / 1e6).toFixed(1)} MB, in ${backup.folder}`);
    const pruned = pruneBackups(backupDir, retentionDays);
    console.log(`Older than ${retentionDays} days, deleted: ${pruned.baseBackups.length} base backup(s), ${pruned.walFiles} WAL file(s)`);
  } finally {
    await client.end();
  }
}

async function restoreTo(
  backupDir: string,
  to: string | undefined,
  into: string | undefined,
  configuredKey: string | undefined,
): Promise<void> {
  const target = to === 'latest' ? 'latest' : to && !Number.isNaN(Date.parse(to)) ? new Date(to) : undefined;
  if (!target) throw new ConfigError(`--to must be latest or a time such as 2026-11-25T10:30:00Z (it is "${to ?? ''}").`);
  const folder = path.resolve(REPO_ROOT, into ?? `.data/restored-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const report = await restore(backupDir, target, folder, await freePort());
  const keyLine = report.suppressionKey
    ? putBackSuppressionKey(report.suppressionKey, PROD_DATA_DIR, configuredKey)
    : 'suppression key: this backup carries none (taken before backups carried it): keep the one the list was hashed with';
  console.log(`Restored to ${target === 'latest' ? 'the end of the archived WAL' : target.toISOString()} in ${report.seconds.toFixed(1)} s:
  from     base backup ${report.baseBackup}, then the archived WAL
  leads    ${report.leads}, the newest received ${report.newestLead?.toISOString() ?? 'never'}
  erasures ${report.erasedAgain} lead(s) erased again from the ledger
  folder   ${report.dataDir}
  ${keyLine}
The live data folder is untouched. To serve the restored one: stop npm run prod, then
  EMBEDDED_POSTGRES_DIR=${report.dataDir} npm run prod
(the API's retention job erases at its next run what has expired meanwhile: docs/operations.md, "Restore").`);
}

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadToolsConfig();
  const backupDir = path.resolve(REPO_ROOT, config.backups.dir);
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' }, into: { type: 'string' } } });
  const configuredKey = config.SUPPRESSION_HASH_KEY;
  if (positionals[0] === 'backup') {
    const suppressionKey = prodSuppressionKey(PROD_DATA_DIR, configuredKey);
    await backupNow(backupDir, config.postgres.embedded.port, config.backups.retentionDays, suppressionKey);
  } else if (positionals[0] === 'restore') await restoreTo(backupDir, values.to, values.into, configuredKey);
  else throw new ConfigError('Usage: backup | restore --to latest|<time> [--into <folder>]');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

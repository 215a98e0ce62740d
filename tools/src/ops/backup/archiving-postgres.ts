/** For the specs of backups and of the WAL's figures: an embedded PostgreSQL that archives as `npm run prod`'s does. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type Database, startEmbeddedPostgres } from '../../dev/database/embedded-postgres';
import { systemUser } from '../../dev/database/run-as';
import { API_ROOT } from '../../common/paths';
import { freePort } from '../../common/ports';
import { archiveSettings, keyEnvironment } from './archive';

/** Started in `dataDir`, archiving encrypted with `key` into `backupDir`, with the product's schema migrated. */
export async function startArchivingPostgres(dataDir: string, backupDir: string, key: Buffer): Promise<Database> {
  const database = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    persistent: true,
    portVariable: 'a free port',
    settings: archiveSettings(backupDir, systemUser()),
    env: keyEnvironment(key),
  });
  // In a process of its own: the schema engine's module loads by a dynamic import, which jest's VM refuses.
  execFileSync(process.execPath, [path.join(API_ROOT, 'dist', 'scripts', 'migrate.js'), 'deploy'], {
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: 'ignore',
  });
  return database;
}

/**
 * `npm run migrate`'s command, over src/database/migrations (which says why it is not the Prisma CLI).
 *   node dist/scripts/migrate.js deploy          apply pending migrations
 *   node dist/scripts/migrate.js dev --name x    write a migration for schema changes
 * Reads `.env` like the other commands; works on DATABASE_URL (`npm run
 * migrate` gives it the embedded PostgreSQL when it is unset).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { createMigration, deployMigrations } from '../src/database/migrations';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: 'string' } } });
  const command = positionals[0];
  if (command !== 'deploy' && !(command === 'dev' && values.name)) throw new Error('Usage: migrate deploy | migrate dev --name <name>');
  loadEnvFile();
  const databaseUrl = loadConfig(process.env).DATABASE_URL;
  if (command === 'deploy') {
    const applied = await deployMigrations(databaseUrl);
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'No pending migrations.');
  } else {
    const folder = await createMigration(databaseUrl, values.name!);
    console.log(folder ? `Created prisma/migrations/${folder}/migration.sql` : 'The schema has not changed.');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

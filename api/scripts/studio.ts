/**
 * `npm run studio`: Prisma Studio (http://localhost:5555, STUDIO_PORT) on the
 * product's database: DATABASE_URL, or the embedded PostgreSQL (shared with a
 * running `npm start`, or started for the session and stopped after it).
 */
import { spawn } from 'node:child_process';
import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { withDatabase } from '../src/database/local-database';
import { API_ROOT } from '../src/database/paths';
import { assertPortsFree } from './ports';

async function main(): Promise<void> {
  loadEnvFile();
  // Every setting validated, as `npm start` does; the embedded database's URL is known only later.
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgresql://embedded' });
  const port = String(config.STUDIO_PORT);
  await assertPortsFree([{ port: config.STUDIO_PORT, variable: 'STUDIO_PORT' }]);
  // Ctrl-C reaches Studio (the terminal's whole process group); the database stops once it has exited.
  process.on('SIGINT', () => undefined);
  await withDatabase(
    (databaseUrl) =>
      new Promise<void>((resolve, reject) => {
        console.log(`Prisma Studio at http://localhost:${port} (Ctrl-C to stop)`);
        const studio = spawn('npx', ['prisma', 'studio', '--port', port, '--browser', 'none', '--url', databaseUrl], {
          cwd: API_ROOT,
          stdio: 'inherit',
        });
        studio.on('exit', () => resolve());
        studio.on('error', (error) => reject(new Error(`Prisma Studio could not start: ${error.message}.`)));
      }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

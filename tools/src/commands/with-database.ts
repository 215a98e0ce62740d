/**
 * Runs one of the API's commands on the product's database, as `npm run
 * migrate|seed|rescore|studio` do: DATABASE_URL when set, otherwise the
 * embedded PostgreSQL (shared with a running `npm start`, or started for the
 * command and stopped after it). The API's commands themselves only read
 * DATABASE_URL, so its image needs no PostgreSQL launcher.
 *   node tools/dist/src/commands/with-database.js <command> [arguments]   (api/dist/scripts/<command>.js)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEnvFile } from '@segmentia/api/config';
import { loadToolsConfig } from '../common/config';
import { withDatabase } from '../dev/database/open-database';
import { API_ROOT } from '../common/paths';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const script = path.join(API_ROOT, 'dist', 'scripts', `${command}.js`);
  if (!command || !existsSync(script))
    throw new Error(`Usage: with-database <command> [arguments], a command of api/scripts (not "${command ?? ''}")`);
  loadEnvFile();
  // Every setting validated before the database starts, as `npm start` does; its URL is known only later.
  loadToolsConfig();
  // Ctrl-C reaches the command (the terminal's whole process group); the database stops once it has exited.
  process.on('SIGINT', () => undefined);
  const code = await withDatabase(
    (databaseUrl) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, [script, ...args], {
          cwd: API_ROOT,
          stdio: 'inherit',
          env: { ...process.env, DATABASE_URL: databaseUrl },
        });
        child.on('exit', (exitCode) => resolve(exitCode ?? 1));
        child.on('error', reject);
      }),
  );
  process.exitCode = code;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

/**
 * `npm run studio`: Prisma Studio (http://localhost:5555) on the product's
 * database: DATABASE_URL, or the embedded PostgreSQL (shared with a running
 * `npm start`, or started for the session).
 */
import { spawn } from 'node:child_process';
import { loadEnvFile } from '../src/common/config/env-file';
import { withDatabase } from '../src/database/local-database';
import { API_ROOT } from '../src/database/paths';

loadEnvFile();
withDatabase(
  (databaseUrl) =>
    new Promise<void>((resolve, reject) => {
      const port = process.env.STUDIO_PORT ?? '5555';
      console.log(`Prisma Studio at http://localhost:${port} (Ctrl-C to stop)`);
      const studio = spawn('npx', ['prisma', 'studio', '--port', port, '--browser', 'none', '--url', databaseUrl], {
        cwd: API_ROOT,
        stdio: 'inherit',
      });
      // Ctrl-C reaches Studio too; the database stops once it has exited.
      process.on('SIGINT', () => undefined);
      studio.on('exit', () => resolve());
      studio.on('error', reject);
    }),
).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Prisma Studio (http://localhost:5555, STUDIO_PORT) on DATABASE_URL (`npm run
 * studio` gives it the embedded PostgreSQL when it is unset).
 */
import { spawn } from 'node:child_process';
import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { API_ROOT } from '../src/database/paths';

loadEnvFile();
const config = loadConfig(process.env);
const port = String(config.STUDIO_PORT);
console.log(`Prisma Studio at http://localhost:${port} (Ctrl-C to stop)`);
spawn('npx', ['prisma', 'studio', '--port', port, '--browser', 'none', '--url', config.DATABASE_URL], { cwd: API_ROOT, stdio: 'inherit' })
  .on('exit', (code) => (process.exitCode = code ?? 1))
  .on('error', (error) => {
    console.error(`Prisma Studio could not start: ${error.message}.`);
    process.exitCode = 1;
  });

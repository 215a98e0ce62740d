import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { API_ROOT } from './paths';

/** Prisma's command line, run by this Node.js (npx would put a process between, which a stop signal does not cross). */
const PRISMA_CLI = path.join(path.dirname(require.resolve('prisma/package.json', { paths: [API_ROOT] })), 'build', 'index.js');

/**
 * Prisma Studio on `port` for the database at `url` (`npm run studio`). Prisma 7 has no listen-address option: it binds
 * 127.0.0.1 itself (older versions bound every address), which studio.spec checks, since Studio answers anyone who
 * reaches its port. The URL goes by the environment (prisma.config.ts reads DATABASE_URL), not the command line, where
 * any user of the machine could read its password.
 */
export function startStudio(port: number, url: string, stdio: StdioOptions = 'inherit'): ChildProcess {
  return spawn(process.execPath, [PRISMA_CLI, 'studio', '--port', String(port), '--browser', 'none'], {
    cwd: API_ROOT,
    stdio,
    // No call to Prisma's update check (checkpoint.prisma.io) from a command that reads leads.
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: '1' },
  });
}

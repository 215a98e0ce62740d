/** The API as the API's and the leads' benchmarks run it: on a database of their own, in a process of its own. */
import os from 'node:os';
import path from 'node:path';
import { launch, type Managed, waitFor } from '../src/common/managed-process';
import { API_ROOT } from '../src/common/paths';
import { openDatabase } from '../src/dev/database/open-database';
import { createTemporaryDatabase } from '../src/dev/database/temporary-database';
import { onExit } from './common';

/** The rate limits out of the way: with them, a benchmark would measure the rate limiter. */
export const UNLIMITED = {
  CONTACT_RATE_LIMIT_PER_MINUTE: '1000000',
  CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000000',
  QUERY_RATE_LIMIT_PER_MINUTE: '100000000',
  SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
};

/** A migrated and seeded database of the bench's own on DATABASE_URL's server (or the embedded PostgreSQL), dropped at the end. */
export async function scratchDatabase(prefix: string): Promise<string> {
  const server = await openDatabase();
  onExit(() => server.stop());
  const database = await createTemporaryDatabase(server.url, prefix);
  onExit(() => database.drop());
  return database.url;
}

/** The built API in a process of its own, as in production, on 127.0.0.1:`port`, `env` over this process's; its log in the temp folder. */
export async function startApiProcess(env: Record<string, string>, port: number): Promise<Managed> {
  const log = path.join(os.tmpdir(), `segmentia-bench-api-${port}.log`);
  const settings = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  const api = launch('The API', process.execPath, [path.join(API_ROOT, 'dist/src/main.js')], log, settings);
  onExit(() => api.stop());
  await waitFor('The API', async () => (await fetch(`http://127.0.0.1:${port}/ready`)).ok, 60_000, api);
  return api;
}

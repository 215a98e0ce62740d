/** The product's database for a command: DATABASE_URL when set, otherwise the embedded PostgreSQL of the settings. */
import path from 'node:path';
import { loadToolsConfig } from '../../common/config';
import { REPO_ROOT } from '../../common/paths';
import { type Database, type EmbeddedOptions, startEmbeddedPostgres } from './embedded-postgres';

/** The embedded PostgreSQL's settings (EMBEDDED_POSTGRES_DIR, EMBEDDED_POSTGRES_PORT), validated with all the others. */
export function embeddedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EmbeddedOptions {
  const { embedded } = loadToolsConfig(env).postgres;
  return {
    dataDir: path.resolve(REPO_ROOT, embedded.dir),
    port: embedded.port,
    persistent: true,
    portVariable: 'EMBEDDED_POSTGRES_PORT',
  };
}

/** `DATABASE_URL` when set, otherwise the embedded PostgreSQL. */
export async function openDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const { url } = loadToolsConfig(env).postgres;
  if (url) return { url, stop: async () => undefined };
  const options = embeddedOptionsFromEnv(env);
  console.log('DATABASE_URL is not set: starting the embedded PostgreSQL.');
  return startEmbeddedPostgres(options);
}

export async function withDatabase<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await work(database.url);
  } finally {
    await database.stop();
  }
}

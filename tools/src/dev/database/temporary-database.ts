import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { deployMigrations, PrismaService, seed } from '@segmentia/api/database';
import { loadConfig } from '@segmentia/api/config';
import { loadToolsConfig } from '../../common/config';
import { type Database, startEmbeddedPostgres } from './embedded-postgres';

export interface TemporaryDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new database on the server of `serverUrl`, migrated and seeded (unless `prepare` is false): for a test run or a benchmark. */
export async function createTemporaryDatabase(serverUrl: string, prefix: string, { prepare = true } = {}): Promise<TemporaryDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  if (prepare) {
    await deployMigrations(url.toString());
    const prisma = new PrismaService(loadConfig({ DATABASE_URL: url.toString() }));
    try {
      await seed(prisma);
    } finally {
      await prisma.$disconnect();
    }
  }
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

async function withAdmin<T>(serverUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A server for throw-away databases: the one of DATABASE_URL when set (CI uses
 * the machine's PostgreSQL), otherwise an embedded PostgreSQL in a temporary
 * folder on `embeddedPort` (chosen by `portVariable`, named when that port is
 * taken), deleted when stopped.
 */
export async function openScratchServer(embeddedPort: number, portVariable = 'TEST_EMBEDDED_POSTGRES_PORT'): Promise<Database> {
  const { url } = loadToolsConfig().postgres;
  if (url) return { url, stop: async () => undefined };
  return startEmbeddedPostgres({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'segmentia-scratch-pg-')),
    port: embeddedPort,
    persistent: false,
    portVariable,
  });
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { seed } from '../../prisma/seed';
import { loadConfig } from '../../src/common/config/app-config';
import { startEmbeddedPostgres } from '../../src/database/local-database';
import { deployMigrations } from '../../src/database/migrations';
import { PrismaService } from '../../src/prisma/prisma.service';

/** What global-teardown needs; globalSetup and globalTeardown share this process. */
export interface TestDatabase {
  adminUrl: string;
  name: string;
  stopServer(): Promise<void>;
}
declare global {
  var segmentiaTestDatabase: TestDatabase | undefined;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated and seeded database for this run: on the server of
 * DATABASE_URL when set (CI uses the machine's PostgreSQL), otherwise on an
 * embedded PostgreSQL in a temporary folder. Tests read TEST_DATABASE_URL.
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async () => undefined;
  if (!adminUrl) {
    const server = await startEmbeddedPostgres({
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'segmentia-test-pg-')),
      port: Number(process.env.TEST_EMBEDDED_POSTGRES_PORT ?? 54339),
      persistent: false,
    });
    adminUrl = server.url;
    stopServer = server.stop;
  }
  const name = `segmentia_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = databaseUrl(adminUrl, name);
  await deployMigrations(url);
  const prisma = new PrismaService(loadConfig({ DATABASE_URL: url }));
  await seed(prisma);
  await prisma.$disconnect();

  process.env.TEST_DATABASE_URL = url;
  globalThis.segmentiaTestDatabase = { adminUrl, name, stopServer };
}

import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/local-database';
import { createTemporaryDatabase } from '../../src/database/temporary-database';

declare global {
  /** Shared by globalSetup and globalTeardown, which run in the same process. */
  var segmentiaTestTeardown: (() => Promise<void>) | undefined;
}

/**
 * A fresh, migrated and seeded database for this run: on the server of
 * DATABASE_URL when set (CI uses the machine's PostgreSQL), otherwise on an
 * embedded PostgreSQL in a temporary folder. Tests read TEST_DATABASE_URL.
 */
export default async function globalSetup(): Promise<void> {
  let serverUrl = process.env.DATABASE_URL;
  let stopServer = async (): Promise<void> => undefined;
  if (!serverUrl) {
    const server = await startEmbeddedPostgres({
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'segmentia-test-pg-')),
      port: Number(process.env.TEST_EMBEDDED_POSTGRES_PORT ?? 54339),
      persistent: false,
    });
    serverUrl = server.url;
    stopServer = server.stop;
  }
  const database = await createTemporaryDatabase(serverUrl, 'segmentia_test');
  process.env.TEST_DATABASE_URL = database.url;
  globalThis.segmentiaTestTeardown = async () => {
    await database.drop();
    await stopServer();
  };
}

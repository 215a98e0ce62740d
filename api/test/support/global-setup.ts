import { createTemporaryDatabase, openScratchServer } from '@segmentia/tools/src/database/temporary-database';
import { ensureRedis } from '@segmentia/tools/src/test-services';
import { renewApiRolePassword } from '../../src/database/api-role';

declare global {
  /** Shared by globalSetup and globalTeardown, which run in the same process. */
  var segmentiaTestTeardown: (() => Promise<void>) | undefined;
}

/**
 * A fresh, migrated and seeded database for this run, and a Redis. Tests read TEST_DATABASE_URL (the owner, who ran
 * the migrations) and TEST_REDIS_URL; the API connects as its own role (TEST_API_DATABASE_URL), as in production, so
 * every API test also shows that role's rights suffice.
 */
export default async function globalSetup(): Promise<void> {
  const redis = await ensureRedis();
  const server = await openScratchServer(Number(process.env.TEST_EMBEDDED_POSTGRES_PORT ?? 54339));
  const database = await createTemporaryDatabase(server.url, 'segmentia_test');
  process.env.TEST_DATABASE_URL = database.url;
  process.env.TEST_API_DATABASE_URL = await renewApiRolePassword(database.url);
  globalThis.segmentiaTestTeardown = async () => {
    await database.drop();
    await server.stop();
    await redis.stop();
  };
}

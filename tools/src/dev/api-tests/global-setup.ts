import './from-source';
import { renewApiRolePassword } from '@segmentia/api/database';
import { DEMO_PROJECT_ID } from '@segmentia/contracts/staff';
import { handOff } from '@segmentia/testing';
import { loadTestSettings } from '../../common/test-settings';
import { freePortRun } from '../../common/ports';
import { createTemporaryDatabase, openScratchServer } from '../database/temporary-database';
import { startAuthEmulator } from '../local-services/auth-emulator';
import { ensureRedis } from '../test-services';

declare global {
  /** Shared by globalSetup and globalTeardown, which run in the same process. */
  var segmentiaTestTeardown: (() => Promise<void>) | undefined;
}

/**
 * The API's integration tests' services (jest's `e2e` project): a fresh, migrated and seeded database for this run,
 * a Redis and Firebase's Auth emulator. Tests read TEST_DATABASE_URL (the owner, who ran the migrations),
 * TEST_REDIS_URL and TEST_AUTH_EMULATOR_HOST; the API connects as its own role (TEST_API_DATABASE_URL), as in
 * production, so every API test also shows that role's rights suffice.
 */
export default async function globalSetup(): Promise<void> {
  const emulatorPort = await freePortRun(3);
  const [redis, emulator, server] = await Promise.all([
    ensureRedis(),
    startAuthEmulator({ auth: emulatorPort, hub: emulatorPort + 1, logging: emulatorPort + 2 }, DEMO_PROJECT_ID),
    openScratchServer(loadTestSettings().embeddedPostgresPort),
  ]);
  const database = await createTemporaryDatabase(server.url, 'segmentia_test');
  handOff('databaseUrl', database.url);
  handOff('apiDatabaseUrl', await renewApiRolePassword(database.url));
  handOff('authEmulatorHost', emulator.host);
  handOff('redisUrl', redis.url);
  globalThis.segmentiaTestTeardown = async () => {
    await database.drop();
    await Promise.all([server.stop(), redis.stop(), emulator.stop()]);
  };
}

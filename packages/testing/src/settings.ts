/**
 * What a test run's global setup hands its tests through the environment, the only way into jest's and Playwright's
 * workers: the services started for the run. One list; each read fails naming its variable when no setup set it.
 * The settings a person may set for the tests (ports, TEST_REDIS_URL's default) are the tools' (ToolsConfig).
 */
export const TEST_HAND_OFFS = {
  /** The API tests' database as its owner (who ran the migrations), and as the API's own role. */
  databaseUrl: 'TEST_DATABASE_URL',
  apiDatabaseUrl: 'TEST_API_DATABASE_URL',
  /** The API tests' Auth emulator (host:port) and Redis. */
  authEmulatorHost: 'TEST_AUTH_EMULATOR_HOST',
  redisUrl: 'TEST_REDIS_URL',
  /** The browser tests' database, mail catcher (its web inbox) and Auth emulator. */
  e2eDatabaseUrl: 'E2E_DATABASE_URL',
  e2eMailUrl: 'E2E_MAIL_URL',
  e2eAuthEmulatorUrl: 'E2E_AUTH_EMULATOR_URL',
} as const;

export type TestHandOff = keyof typeof TEST_HAND_OFFS;

/** A value the run's global setup handed over. */
export function testSetting(name: TestHandOff): string {
  const value = process.env[TEST_HAND_OFFS[name]];
  if (!value)
    throw new Error(`${TEST_HAND_OFFS[name]} is unset: the test run's global setup sets it (run the tests through jest or Playwright)`);
  return value;
}

/** Hands a value to the tests of this run (a global setup's part). */
export function handOff(name: TestHandOff, value: string): void {
  process.env[TEST_HAND_OFFS[name]] = value;
}

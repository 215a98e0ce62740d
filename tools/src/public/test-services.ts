/** The services the test suites start for themselves: a scratch database, Redis, the Auth emulator, the mail catcher. */
export { createTemporaryDatabase, openScratchServer, type TemporaryDatabase } from '../dev/database/temporary-database';
export { ensureRedis } from '../dev/test-services';
export { type AuthEmulator, startAuthEmulator } from '../dev/local-services/auth-emulator';
export { type CaughtMessage, caughtMessages } from '../dev/local-services/mail-catcher';
export { freePortRun } from '../common/ports';

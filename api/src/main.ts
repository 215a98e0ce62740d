import { startApp } from './app';
import { ConfigError, loadConfig } from './common/config/app-config';

/** The API alone, on the database of DATABASE_URL (already migrated): what a container runs. */
async function main(): Promise<void> {
  const app = await startApp(loadConfig());
  app.enableShutdownHooks();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import { startApp, stopApp } from './app';
import { ConfigError, loadConfig } from './common/config/app-config';

/** The API alone, on the database of DATABASE_URL (already migrated): what a container runs. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await startApp(config);
  const stop = () => {
    stopApp(app, config).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

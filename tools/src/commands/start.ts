/**
 * `npm start`: the whole product on one machine. Starts the embedded
 * PostgreSQL when DATABASE_URL is unset, applies migrations, seeds the
 * explorer's data, serves the API, builds the site against it (or reuses the
 * last build when nothing it depends on changed) and serves the site at
 * http://localhost:8000 (SITE_PORT), both on 127.0.0.1 unless HOST says
 * otherwise. Without a Firebase project it runs the
 * Firebase Auth emulator with demo accounts; without SMTP_URL, a mail catcher
 * (local-services/). Ctrl-C stops the site, then the API (and its outbox
 * worker), then the local services, then PostgreSQL.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { deployMigrations, PrismaService, seed } from '@segmentia/api/database';
import { startApp, stopApp } from '@segmentia/api/app';
import { type AppConfig, loadConfig, loadEnvFile } from '@segmentia/api/config';
import { loadToolsConfig } from '../common/config';
import { type Database, isEmbeddedRunning } from '../dev/database/embedded-postgres';
import { embeddedOptionsFromEnv, openDatabase } from '../dev/database/open-database';
import { REPO_ROOT } from '../common/paths';
import { assertPortsFree, type PortUse } from '../common/ports';
import {
  describeLocalServices,
  type LocalServices,
  localServicePorts,
  localServiceSettings,
  startLocalServices,
} from '../dev/local-services/local-services';
import { emulatorDatabaseWarning } from '../dev/local-services/emulator-database-warning';
import { buildSite } from '../dev/site-build';
import { serveSite } from '../dev/site-server';

/** What has started so far (or is starting): a stop, or a failure, stops that much, in reverse order. */
interface Running {
  database?: Promise<Database>;
  services?: Promise<LocalServices>;
  app?: Promise<{ app: INestApplication; config: AppConfig }>;
  site?: Promise<Server>;
}

const running: Running = {};
/** Ends a site build in progress when stopping. */
const building = new AbortController();
let stopping = false;

async function main(): Promise<void> {
  // `npm start` stamps the moment the command ran, before its build: the time printed is the time a person waited.
  const startedAt = Number(process.env.SEGMENTIA_COMMAND_STARTED_AT) || performance.timeOrigin;
  loadEnvFile();
  // The API is production unless told otherwise; `npm start` is for working on the product, and says so.
  if (!process.env.NODE_ENV) {
    process.env.NODE_ENV = 'development';
    console.log('NODE_ENV is not set: npm start runs the API in development (error details, GraphQL IDE). `npm run prod` runs production.');
  }
  // This machine only, unless told otherwise: the API may take the Auth emulator's unsigned tokens (and the site and the
  // API answer at http://localhost, which browsers resolve to the loopback).
  process.env.HOST ||= '127.0.0.1';
  // Every setting validated before anything starts; the embedded database's URL is known only later.
  const settings = loadToolsConfig();
  const embedded = !settings.postgres.url;
  const siteUrl = (settings.siteBuild.siteUrl ?? `http://localhost:${settings.siteBuild.port}`).replace(/\/$/, '');
  // Every role gets an embedded default: staff sign in through Firebase's emulator, emails land in a local inbox.
  const localPorts = {
    authEmulator: settings.staff.firebaseProjectId ? undefined : settings.localServices.authEmulatorPort,
    mailSmtp: settings.mail.smtpUrl ? undefined : settings.localServices.mailSmtpPort,
    mailWeb: settings.mail.smtpUrl ? undefined : settings.localServices.mailWebPort,
  };
  // With the emulator, a HOST other machines reach is refused now, before anything starts (AppConfig's emulatorRefusal).
  loadToolsConfig({ ...process.env, ...localServiceSettings(localPorts).apiEnv });
  const unsafe = emulatorDatabaseWarning(localPorts.authEmulator !== undefined, settings.postgres.url);
  if (unsafe) console.warn(unsafe);

  const ports: PortUse[] = [
    { port: settings.http.port, variable: 'PORT', host: settings.http.host },
    { port: settings.metrics.port, variable: 'METRICS_PORT', host: settings.http.host },
    { port: settings.siteBuild.port, variable: 'SITE_PORT', host: settings.http.host },
    ...localServicePorts(localPorts),
  ];
  // Our embedded PostgreSQL already running (for `npm run studio`) is shared, not in the way.
  if (embedded && !(await isEmbeddedRunning(embeddedOptionsFromEnv()))) {
    ports.push({ port: settings.postgres.embedded.port, variable: 'EMBEDDED_POSTGRES_PORT', host: '127.0.0.1' });
  }
  await assertPortsFree(ports);

  running.database = openDatabase();
  // The emulator and the mail catcher start meanwhile: the API and the build know their addresses already.
  running.services = startLocalServices(localPorts);
  // Its failure is met where it is awaited, before the site is served.
  running.services.catch(() => undefined);
  const local = localServiceSettings(localPorts);
  const database = await running.database;
  const config = loadConfig({
    ...process.env,
    ...local.apiEnv,
    DATABASE_URL: database.url,
    // The site's browser pages call the API from the site's address.
    SITE_ORIGINS: process.env.SITE_ORIGINS || new URL(siteUrl).origin,
    // Sales' notifications link to the staff page of the site this command serves.
    STAFF_PAGE_URL: process.env.STAFF_PAGE_URL || `${siteUrl}/staff/`,
  });
  const applied = await deployMigrations(database.url);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
  const prisma = new PrismaService(config);
  try {
    console.log(`Seed: ${await seed(prisma)} rows written.`);
  } finally {
    await prisma.$disconnect();
  }
  if (stopping) return;
  running.app = startApp(config).then((app) => ({ app, config }));
  await running.app;

  const apiUrl = `http://localhost:${config.http.port}/graphql`;
  const apiHost = ['0.0.0.0', '::'].includes(config.http.host) ? '127.0.0.1' : config.http.host;
  await buildSite(
    {
      SITE_API_URL: `http://${apiHost}:${config.http.port}/graphql`,
      GATSBY_API_URL: settings.siteBuild.browserApiUrl ?? apiUrl,
      GATSBY_SITE_URL: siteUrl,
      ...local.siteEnv,
      // The staff page's "Query leads in GraphQL" opens the API's IDE.
      ...(config.graphql.ide ? { GATSBY_GRAPHQL_IDE_URL: settings.siteBuild.browserApiUrl ?? apiUrl } : {}),
    },
    { signal: building.signal },
  );
  if (stopping) return;
  running.site = serveSite(path.join(REPO_ROOT, 'site', 'public'), settings.siteBuild.port, settings.http.host);
  await running.site;
  const elapsed = () => ((Date.now() - startedAt) / 1000).toFixed(1);
  const waiting = localPorts.authEmulator || localPorts.mailSmtp;
  const lines = [
    `Segmentia is running (started in ${elapsed()} s):`,
    `  site     ${siteUrl}/`,
    `  API      ${apiUrl}${config.graphql.ide ? '  (a browser gets the GraphQL IDE)' : ''}`,
    ...(waiting ? ['  staff and mail: the Auth emulator and the mail catcher are still starting; their addresses follow'] : []),
    '  Studio   npm run studio  (Prisma Studio, read-only; --admin to write)',
    '  Ctrl-C stops everything.',
  ];
  console.log(`\n${lines.join('\n')}\n`);
  // The site and the API serve meanwhile: only staff sign-in and the inbox wait for the emulator, the slowest to start.
  const services = await running.services;
  if (stopping || !waiting) return;
  console.log(`\nStaff sign-in and the mail inbox are ready (${elapsed()} s):\n${describeLocalServices(services, siteUrl).join('\n')}\n`);
}

/** Stops what runs, the site first and PostgreSQL last (whatever fails before it); waits for what is still starting. Once. */
let stopped: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping = true;
  building.abort();
  stopped ??= (async () => {
    const { site, app, services } = running;
    const since = Date.now();
    const done = (what: string) => console.log(`  ${what} stopped (${((Date.now() - since) / 1000).toFixed(1)} s)`);
    try {
      const server = await site?.catch(() => undefined);
      if (server) {
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeIdleConnections();
        await closed;
        done('site');
      }
      const api = await app?.catch(() => undefined);
      // The API stops its outbox worker and closes its database pool before PostgreSQL stops.
      if (api) {
        await stopApp(api.app, api.config);
        done('API');
      }
      const local = await services?.catch(() => undefined);
      if (local?.auth || local?.mail) {
        await local.stop();
        done('Auth emulator and mail catcher');
      }
    } finally {
      if (await stopDatabase()) done('PostgreSQL');
    }
  })();
  return stopped;
}

/** Stops the database this command opened (an embedded one it started; nothing otherwise); false when there was none. */
async function stopDatabase(): Promise<boolean> {
  const database = await running.database?.catch(() => undefined);
  await database?.stop();
  return Boolean(database);
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

let signals = 0;
function onSignal(signal: NodeJS.Signals): void {
  signals += 1;
  if (signals === 1) {
    console.log(`\n${signal}: stopping the site, the API, then PostgreSQL.`);
    stopAll().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopping failed: ${message(error)}`);
        // PostgreSQL stops even when the API did not.
        stopDatabase().finally(() => process.exit(1));
      },
    );
  } else {
    // Impatient: PostgreSQL still gets its fast shutdown before this process ends.
    console.log(`\n${signal} again: stopping PostgreSQL now.`);
    stopDatabase().finally(() => process.exit(130));
  }
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

main().catch(async (error: unknown) => {
  // A signal is stopping everything already: a step it interrupted fails, and says nothing.
  if (stopping) return;
  console.error(message(error));
  // No PostgreSQL (or API) left running by a start-up that failed half-way.
  await stopAll().catch((stopError: unknown) => console.error(`Stopping failed: ${message(stopError)}`));
  process.exit(1);
});

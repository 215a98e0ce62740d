import 'reflect-metadata';
import type { Server } from 'node:http';
import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { type AppConfig, ConfigError, exampleCompanyRefusal, processorRefusal, suppressionKeyRefusal } from './common/config/app-config';
import { portError } from './common/config/settings';
import { createLogger, type LogDestination, NestPinoLogger } from './common/logging/logger';
import { requestLog } from './common/logging/request-log';
import { Metrics } from './metrics/metrics.service';
import { Lifecycle } from './health/lifecycle';
import { mountGraphqlIde } from './common/graphql/graphql-ide';
import { loopbackHostOnly } from './common/http/loopback-host-only';
import { PrismaService } from './prisma/prisma.service';
import { suppressionKeyMismatch } from './privacy/suppression-key';

export interface AppOptions {
  /** Where logs go: standard output by default; a stream (tests read it); false for none. */
  logs?: LogDestination;
}

/** The API, configured but not listening: `npm start`, main.ts and the tests all build it here. */
export async function createApp(config: AppConfig, { logs }: AppOptions = {}): Promise<INestApplication> {
  const logger = createLogger(config, logs);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
  });
  app.use(requestLog(logger, app.get(Metrics)));
  // Unsigned staff tokens: only requests addressed to this machine by name, never a rebound page's (before Apollo).
  if (config.FIREBASE_AUTH_EMULATOR_HOST) app.use(loopbackHostOnly);
  // While stopping, every answer closes its connection: a proxy's kept-alive
  // connection then ends after its request instead of holding the stop up, and
  // the proxy's next request finds the port closed and goes to another replica.
  const lifecycle = app.get(Lifecycle);
  app.use((_request: unknown, response: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (lifecycle.draining) response.setHeader('Connection', 'close');
    // Also when the API is reached without nginx: answers are never sniffed as another type, never stored
    // (some carry leads' personal data).
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  // A client that sends its headers or body slowly holds a connection at most this long.
  const server = app.getHttpServer() as Server;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  // The catalog's queries may come as GET, cacheable (Cache-Control from their hints): a weak ETag lets a
  // browser, nginx or a CDN revalidate them with a 304.
  app.set('etag', 'weak');
  // Before Apollo's middleware (mounted when the app starts), so a browser's GET of /graphql gets the IDE.
  mountGraphqlIde(app.getHttpAdapter().getInstance(), config);
  app.enableCors({
    origin: config.SITE_ORIGINS,
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name', 'x-request-id'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
  return app;
}

export async function startApp(config: AppConfig, options: AppOptions = {}): Promise<INestApplication> {
  const refusal = exampleCompanyRefusal(config) ?? processorRefusal(config) ?? suppressionKeyRefusal(config);
  if (refusal) throw new ConfigError(refusal);
  const app = await createApp(config, options);
  const keyRefusal = await suppressionKeyMismatch(app.get(PrismaService), config.suppressionHashKey);
  if (keyRefusal) {
    await app.close();
    throw new ConfigError(keyRefusal);
  }
  await app.listen(config.PORT, config.HOST).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portError(config.PORT, 'PORT', error.code) : error;
  });
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  new Logger('Segmentia').log(`GraphQL API at ${url}/graphql${config.graphqlIde ? ' (open it in a browser for the GraphQL IDE)' : ''}`);
  return app;
}

/**
 * A graceful stop, in the order that loses no request: readiness says
 * "stopping" (for SHUTDOWN_GRACE_MS, while a load balancer that polls it
 * takes the replica out), the server stops accepting connections (a proxy
 * that connects now is refused and tries another replica) and lets the
 * requests in flight finish, then the outbox worker records its sends in
 * flight, and the database pool closes last.
 */
export async function stopApp(app: INestApplication, config: AppConfig): Promise<void> {
  app.get(Lifecycle).draining = true;
  if (config.SHUTDOWN_GRACE_MS) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_GRACE_MS));
  const server = app.getHttpServer() as Server;
  if (server.listening) {
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    await closed;
  }
  await app.close();
}

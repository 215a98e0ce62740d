import 'reflect-metadata';
import { type INestApplication, Logger, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import type { AppConfig } from './common/config/app-config';

/** The API, configured but not listening: `npm start`, main.ts and the tests all build it here. */
export async function createApp(config: AppConfig, options: { logger?: false | LoggerService } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: options.logger ?? (config.isProduction ? ['log', 'warn', 'error'] : ['log', 'warn', 'error', 'debug']),
  });
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  // GraphQL answers POSTs, which no cache revalidates: hashing each body for an ETag is wasted.
  app.set('etag', false);
  app.enableCors({
    origin: config.SITE_ORIGINS,
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name'],
    maxAge: 600,
  });
  return app;
}

export async function startApp(config: AppConfig): Promise<INestApplication> {
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  new Logger('Segmentia').log(
    `GraphQL API at ${url}/graphql${!config.isProduction && config.GRAPHQL_EXPLORER ? ' (open it in a browser for the explorer)' : ''}`,
  );
  return app;
}

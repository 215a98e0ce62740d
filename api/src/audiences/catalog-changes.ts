import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { cacheControlFromInfo } from '@apollo/cache-control-types';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { GraphQLResolveInfo } from 'graphql';
import { Client } from 'pg';
import { AppConfig } from '../common/config/app-config';
import { CATALOG_CHANNEL, CATALOG_MAX_AGE_SECONDS } from './catalog';

/** A listener that lost its connection tries again after this long. */
const RECONNECT_MS = 2_000;

/** Marks a resolver's answer as the catalog's: the same for everyone, kept CATALOG_MAX_AGE_SECONDS (memory, nginx, CDN, browser). */
export function cacheAsCatalog(info: GraphQLResolveInfo): void {
  cacheControlFromInfo(info).setCacheHint({ maxAge: CATALOG_MAX_AGE_SECONDS, scope: 'PUBLIC' });
}

/** The whole answers of catalog queries (Apollo's response cache), kept by this API process. */
export const CATALOG_RESPONSES = Symbol('CATALOG_RESPONSES');
export const catalogResponses = () => new InMemoryLRUCache<string>({ maxSize: 20 * 1024 * 1024 });

/**
 * The catalog (countries, topics, audiences and their reach) changes only
 * when the seed runs, so its answers are cached: whole GraphQL responses
 * (Apollo's response cache) and the service's lists. The seed notifies
 * `segmentia_catalog` when it changed something; each API process listens
 * on a connection of its own and drops what it cached at once. A process
 * that lost the connection drops everything when it has it again (it may
 * have missed a notification); meanwhile answers live at most
 * CATALOG_MAX_AGE_SECONDS.
 */
@Injectable()
export class CatalogChanges implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Catalog');
  private readonly listeners = new Set<() => void>();
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private stopped = false;
  private warned = false;

  constructor(
    private readonly config: AppConfig,
    @Inject(CATALOG_RESPONSES) private readonly responses: InMemoryLRUCache<string>,
  ) {}

  /** Calls `listener` whenever the catalog changed. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Drops every cached catalog answer of this process. */
  changed(): void {
    this.responses.clear();
    for (const listener of this.listeners) listener();
  }

  onModuleInit(): void {
    void this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL, connectionTimeoutMillis: this.config.DATABASE_TIMEOUT_MS });
    this.client = client;
    const again = (error: Error) => {
      if (this.client !== client || this.stopped) return;
      this.client = undefined;
      if (!this.warned)
        this.logger.warn(
          `Not listening for catalog changes (${error.message}); cached answers expire after ${CATALOG_MAX_AGE_SECONDS} s meanwhile`,
        );
      this.warned = true;
      void client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('error', again);
    client.on('end', () => again(new Error('the connection ended')));
    client.on('notification', () => this.changed());
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (this.warned) {
        this.logger.log('Listening for catalog changes again');
        // A notification may have gone by while nobody listened.
        this.changed();
      }
      this.warned = false;
    } catch (error) {
      again(error as Error);
    }
  }
}

/** The catalog's change listener for the whole app, around the response cache GraphQL reads (app.module.ts). */
@Global()
@Module({})
export class CatalogModule {
  static forRoot(responses: InMemoryLRUCache<string>): DynamicModule {
    return {
      module: CatalogModule,
      providers: [{ provide: CATALOG_RESPONSES, useValue: responses }, CatalogChanges],
      exports: [CatalogChanges],
    };
  }
}

import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { AppConfig } from '../common/config/app-config';
import { PrismaClient } from '../generated/prisma/client';

/**
 * The one database client of the API. A database that is down or silent must
 * be answered quickly (SERVICE_UNAVAILABLE), never with a hanging request, so
 * connecting, waiting for a pooled connection and each query are bounded.
 * The pool is ours, so metrics can read how many connections are in use.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(config: AppConfig) {
    const pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: config.DATABASE_TIMEOUT_MS,
      query_timeout: config.DATABASE_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // A connection the server closes (a restart: 57P01) emits 'error', idle in the
    // pool or in use; unheard, that would end the process. The query in flight
    // fails on its own (SERVICE_UNAVAILABLE); the pool opens a new connection next time.
    const logger = new Logger('Database');
    const closed = (error: Error) => logger.debug(`Connection closed by the server: ${error.message}`);
    pool.on('error', closed);
    pool.on('connect', (client) => client.on('error', closed));
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}

import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '../common/config/app-config';
import { PrismaClient } from '../generated/prisma/client';

/**
 * The one database client of the API. A database that is down or silent must
 * be answered quickly (SERVICE_UNAVAILABLE), never with a hanging request, so
 * connecting, waiting for a pooled connection and each query are bounded.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(config: AppConfig) {
    super({
      adapter: new PrismaPg({
        connectionString: config.DATABASE_URL,
        max: config.DATABASE_POOL_SIZE,
        connectionTimeoutMillis: config.DATABASE_TIMEOUT_MS,
        query_timeout: config.DATABASE_TIMEOUT_MS,
        idleTimeoutMillis: 30_000,
      }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}

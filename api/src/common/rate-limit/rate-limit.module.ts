import { Module } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { AppConfig } from '../config/app-config';

const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

/**
 * Per-IP limits. Counters live in memory, or in Redis when REDIS_URL is set
 * so that every replica of the API counts against the same limit. The storage
 * is a provider of its own so Nest closes it (timers, Redis connection) on shutdown.
 */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.REDIS_URL ? new ThrottlerStorageRedisService(config.REDIS_URL) : new ThrottlerStorageService(),
    },
  ],
  exports: [RATE_LIMIT_STORAGE],
})
class RateLimitStorageModule {}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [AppConfig, RATE_LIMIT_STORAGE],
      useFactory: (config: AppConfig, storage: ThrottlerStorageService) => ({
        // Each mutation skips the others' limits (@SkipThrottle), so each is counted apart.
        throttlers: [
          { name: 'contact', ttl: 60_000, limit: config.CONTACT_RATE_LIMIT_PER_MINUTE },
          { name: 'consent', ttl: 60_000, limit: config.CONSENT_RATE_LIMIT_PER_MINUTE },
        ],
        storage,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}

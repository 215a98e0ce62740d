import { Module } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerOptions, type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { connectRedis, FailoverThrottlerStorage } from './failover-storage';
import type { RateLimitName } from './gql-throttler.guard';

/** The Redis connection of the shared rate limits, or null when REDIS_URL is unset. */
export const REDIS = Symbol('REDIS');
const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

/**
 * Per-client limits (an IPv4 address, an IPv6 /64). Counters live in memory, or in Redis when REDIS_URL is set
 * so that every replica of the API counts against the same limit. The storage
 * is a provider of its own so Nest closes it (timers, Redis connection) on shutdown.
 */
@Module({
  providers: [
    { provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => (config.REDIS_URL ? connectRedis(config.REDIS_URL) : null) },
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [REDIS],
      useFactory: (redis: Redis | null) => (redis ? new FailoverThrottlerStorage(redis) : new ThrottlerStorageService()),
    },
  ],
  exports: [REDIS, RATE_LIMIT_STORAGE],
})
export class RateLimitStorageModule {}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [AppConfig, RATE_LIMIT_STORAGE],
      useFactory: (config: AppConfig, storage: ThrottlerStorage) => ({
        // Each resolver names the one budget it spends (@RateLimit), so each is counted apart.
        throttlers: [
          { name: 'query', ttl: 60_000, limit: config.QUERY_RATE_LIMIT_PER_MINUTE },
          { name: 'search', ttl: 60_000, limit: config.SEARCH_RATE_LIMIT_PER_MINUTE },
          { name: 'challenge', ttl: 60_000, limit: config.CHALLENGE_RATE_LIMIT_PER_MINUTE },
          { name: 'contact', ttl: 60_000, limit: config.CONTACT_RATE_LIMIT_PER_MINUTE },
          { name: 'consent', ttl: 60_000, limit: config.CONSENT_RATE_LIMIT_PER_MINUTE },
          { name: 'myData', ttl: 60_000, limit: config.MY_DATA_RATE_LIMIT_PER_MINUTE },
        ] satisfies (ThrottlerOptions & { name: RateLimitName })[],
        storage,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}

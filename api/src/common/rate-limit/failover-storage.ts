import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';

/**
 * The connection to the shared counters, set to fail fast: a command waits at
 * most half a second and is never queued while Redis is away, so a Redis
 * outage never holds a visitor's request. It reconnects by itself.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Failures are reported by the storage below and by /ready; ioredis would print each reconnection attempt.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Rate-limit counters in Redis, shared by every replica. While Redis cannot be
 * reached, each replica counts in its own memory: the form keeps working, and
 * a visitor gets at most the limit per replica (two replicas: twice the limit)
 * until Redis is back. Both moments are logged once.
 */
export class FailoverThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly shared: ThrottlerStorageRedisService;
  private readonly local = new ThrottlerStorageService();
  private degradedSince?: number;

  constructor(private readonly redis: Redis) {
    this.shared = new ThrottlerStorageRedisService(redis);
  }

  /** Connected before the first request when Redis is there; a start without it counts locally from the start. */
  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 2000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.redis.once('ready', done);
    });
  }

  async increment(...args: Parameters<ThrottlerStorage['increment']>) {
    try {
      const record = await this.shared.increment(...args);
      if (this.degradedSince !== undefined) {
        this.logger.log(
          `Redis reachable again after ${((Date.now() - this.degradedSince) / 1000).toFixed(1)} s: rate limits are shared again`,
        );
        this.degradedSince = undefined;
      }
      return record;
    } catch (error) {
      if (this.degradedSince === undefined) {
        this.degradedSince = Date.now();
        this.logger.warn(
          `Redis unreachable (${error instanceof Error ? error.message : error}): ` +
            `rate limits are counted by this replica alone until it is back`,
        );
      }
      return this.local.increment(...args);
    }
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
    this.redis.disconnect();
  }
}

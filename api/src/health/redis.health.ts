import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type Redis from 'ioredis';
import { REDIS } from '../common/rate-limit/rate-limit.module';

/** Redis answers PING (within the connection's command timeout). */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  get configured(): boolean {
    return this.redis !== null;
  }

  async pingCheck(key: string) {
    const indicator = this.indicators.check(key);
    try {
      await this.redis!.ping();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }
}

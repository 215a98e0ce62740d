import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { Gauge } from 'prom-client';
import { AppConfig } from '../common/config/app-config';
import { REDIS } from '../common/rate-limit/rate-limit.module';
import { Metrics } from '../metrics/metrics.service';
import { PrismaService } from '../prisma/prisma.service';

/**
 * Whether this replica reaches each dependency, at every scrape:
 * `segmentia_dependency_up{dependency="postgres"|"redis"}` 1 or 0 (Redis only
 * when REDIS_URL is set). Readiness does not follow Redis (the API counts
 * limits in memory without it), so this gauge, and the rate limits' log lines
 * when Redis goes and comes back, are where its outages show.
 */
@Injectable()
export class DependencyMetrics {
  constructor(metrics: Metrics, prisma: PrismaService, config: AppConfig, @Inject(REDIS) redis: Redis | null) {
    new Gauge({
      name: 'segmentia_dependency_up',
      help: 'Whether this replica reaches a dependency now (1) or not (0): postgres, redis',
      labelNames: ['dependency'] as const,
      registers: [metrics.registry],
      async collect() {
        const postgres = await Promise.race([
          prisma.$queryRaw`SELECT 1`.then(
            () => 1,
            () => 0,
          ),
          new Promise<number>((resolve) => setTimeout(resolve, config.DATABASE_TIMEOUT_MS, 0).unref()),
        ]);
        this.set({ dependency: 'postgres' }, postgres);
        if (redis) this.set({ dependency: 'redis' }, redis.status === 'ready' ? 1 : 0);
      },
    });
  }
}

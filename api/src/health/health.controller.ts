import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, PrismaHealthIndicator } from '@nestjs/terminus';
import { AppConfig } from '../common/config/app-config';
import { PrismaService } from '../prisma/prisma.service';
import { Lifecycle } from './lifecycle';

/**
 * For load balancers and orchestrators. /health (liveness): the process
 * answers; it never touches the database, so an outage does not get healthy
 * replicas restarted. /ready (readiness): the process takes new work (not
 * stopping) and PostgreSQL answers it: no lead can be taken without it, and a
 * replica cut off from it should not get visitors that another one can serve.
 * Redis is not checked: without it each replica counts the limits in its own
 * memory and serves on, so its outage must not take every replica out of a
 * Service; DependencyMetrics and the rate limits' logs report it.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: PrismaHealthIndicator,
    private readonly prisma: PrismaService,
    private readonly lifecycle: Lifecycle,
    private readonly config: AppConfig,
  ) {}

  @Get('health')
  @HealthCheck()
  liveness() {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  readiness() {
    return this.health.check([
      () => {
        const indicator = this.indicators.check('process');
        return this.lifecycle.draining ? indicator.down({ message: 'stopping' }) : indicator.up();
      },
      () => this.database.pingCheck('database', this.prisma, { timeout: this.config.DATABASE_TIMEOUT_MS }),
    ]);
  }
}

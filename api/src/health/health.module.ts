import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RateLimitStorageModule } from '../common/rate-limit/rate-limit.module';
import { HealthController } from './health.controller';
import { DependencyMetrics } from './dependency-metrics';
import { Lifecycle } from './lifecycle';

@Global()
@Module({
  // Terminus logs each failed check with its stack; the answer and the metrics say enough.
  imports: [TerminusModule.forRoot({ logger: false }), RateLimitStorageModule],
  controllers: [HealthController],
  providers: [Lifecycle, DependencyMetrics],
  exports: [Lifecycle],
})
export class HealthModule {}

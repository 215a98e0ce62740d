import { Global, Module } from '@nestjs/common';
import { MetricsServer } from './metrics-server';
import { Metrics } from './metrics.service';

@Global()
@Module({ providers: [Metrics, MetricsServer], exports: [Metrics] })
export class MetricsModule {}

import { createServer, type Server } from 'node:http';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { portError } from '../common/config/settings';
import { Metrics } from './metrics.service';

/**
 * Serves /metrics on METRICS_HOST:METRICS_PORT, apart from the API's port: nginx proxies
 * only /graphql, so the metrics never reach the internet, and on loopback by default
 * they are not on a network the visitors' proxy shares either. 0 turns it off.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.METRICS_PORT) return;
    const { registry } = this.metrics;
    const server = createServer((request, response) => {
      if (request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE' || error.code === 'EACCES'
            ? portError(this.config.METRICS_PORT, 'METRICS_PORT', error.code, 'a free port, or 0 for no metrics')
            : error,
        ),
      );
      server.listen(this.config.METRICS_PORT, this.config.METRICS_HOST, resolve);
    });
    this.server = server;
    const host = this.config.METRICS_HOST === '0.0.0.0' ? 'localhost' : this.config.METRICS_HOST;
    new Logger('Metrics').log(`Prometheus metrics at http://${host}:${this.config.METRICS_PORT}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }
}

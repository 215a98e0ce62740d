import os from 'node:os';
import { Registry } from 'prom-client';
import { closedPort } from '../../test/support/unreachable-databases';
import { loadConfig } from '../common/config/app-config';
import { MetricsServer } from './metrics-server';
import type { Metrics } from './metrics.service';

/** This machine's first address outside loopback, as a neighbour on its network reaches it. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')!.address;

const answers = (host: string, port: number) =>
  fetch(`http://${host}:${port}/metrics`, { signal: AbortSignal.timeout(3000) }).then(
    (response) => response.status,
    (error: { cause?: { code?: string } }) => error.cause?.code ?? 'error',
  );

/** The metrics server of an API with these settings, started; stopped by the returned function. */
async function metricsWith(env: Record<string, string>) {
  const port = await closedPort();
  const config = loadConfig({ DATABASE_URL: 'postgresql://unused@127.0.0.1/unused', METRICS_PORT: String(port), ...env });
  const server = new MetricsServer({ registry: new Registry() } as Metrics, config);
  await server.onApplicationBootstrap();
  return { port, stop: () => server.onApplicationShutdown() };
}

describe("the metrics' address", () => {
  it('is this machine only by default, whatever HOST the API listens on', async () => {
    const { port, stop } = await metricsWith({ HOST: '0.0.0.0' });
    try {
      expect(await answers('127.0.0.1', port)).toBe(200);
      expect(await answers(outside, port)).toBe('ECONNREFUSED');
    } finally {
      await stop();
    }
  });

  it('is every address with METRICS_HOST=0.0.0.0, for a scraper on another host', async () => {
    const { port, stop } = await metricsWith({ METRICS_HOST: '0.0.0.0' });
    try {
      expect(await answers(outside, port)).toBe(200);
    } finally {
      await stop();
    }
  });
});

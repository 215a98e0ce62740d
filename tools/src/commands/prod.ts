/**
 * `npm run prod`: the production topology on this machine, from Debian's
 * packages (installed when missing): nginx with the template docker-compose.yml
 * uses, HTTPS with a local certificate authority, two API replicas with
 * NODE_ENV=production, Redis (REDIS_URL, or a redis-server of its own),
 * PostgreSQL (DATABASE_URL, or the embedded one), migrations applied once, the
 * site built once against the API, Prometheus with Debian's exporters evaluating the alerts. Ctrl-C stops everything,
 * front to back.
 */
import path from 'node:path';
import { ROTATION_INTERVAL_MS } from '../ops/production/log-rotation';
import { ConfigError, loadEnvFile } from '@segmentia/api/config';
import { loadToolsConfig } from '../common/config';
import { embeddedOptionsFromEnv } from '../dev/database/open-database';
import { REPO_ROOT } from '../common/paths';
import { Topology } from '../ops/production/topology';

const REPLICAS = 2;
/** A redis-server of its own when REDIS_URL is unset. */
const REDIS_PORT = 6390;

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadToolsConfig();
  // Next to `npm start`'s ports (PORT, METRICS_PORT), so both can run at once.
  const apiPorts = Array.from({ length: REPLICAS }, (_, index) => config.http.port + 1 + index);
  const metricsPorts = Array.from({ length: REPLICAS }, (_, index) => config.metrics.port + 1 + index);
  const topology = new Topology({
    dataDir: path.join(REPO_ROOT, '.data', 'prod'),
    tlsDir: path.join(REPO_ROOT, '.data', 'tls'),
    httpPort: config.edge.httpPort,
    httpsPort: config.edge.httpsPort,
    apiPorts,
    metricsPorts,
    // The same database as `npm start`: DATABASE_URL, or the embedded one (shared when it already runs).
    postgres: config.postgres.url ? { url: config.postgres.url } : { embedded: embeddedOptionsFromEnv() },
    redis: config.rateLimits.redisUrl ? { url: config.rateLimits.redisUrl } : { port: REDIS_PORT },
    // A PostgreSQL of your own is backed up by its operator (pg_basebackup, pgBackRest, CloudNativePG).
    backupDir: config.postgres.url ? undefined : path.resolve(REPO_ROOT, config.backups.dir),
    backupRetentionDays: config.backups.retentionDays,
    // Prometheus' own default interval: history for 15 days in .data/prod/prometheus.
    monitoring: { port: config.edge.prometheusPort, scrapeSeconds: 15, evaluationSeconds: 15 },
    portVariables: {
      http: 'PROD_HTTP_PORT',
      https: 'PROD_HTTPS_PORT',
      api: 'PORT (its replicas use PORT + 1 and + 2)',
      metrics: 'METRICS_PORT (the replicas use METRICS_PORT + 1 and + 2)',
      redis: 'REDIS_URL (a Redis of your own)',
      monitoring: 'PROD_PROMETHEUS_PORT (its exporters use the next four ports)',
    },
  });

  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    console.log(`\n${signal}: stopping nginx, the API replicas, Redis and PostgreSQL...`);
    stopping = topology.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await topology.start();
  if (stopping) return;
  // The access log is kept LOG_RETENTION_DAYS days, as the privacy policy says.
  topology.rotateLogs();
  setInterval(() => topology.rotateLogs(), ROTATION_INTERVAL_MS).unref();
  const backups = config.postgres.url
    ? "your PostgreSQL's own"
    : `${path.resolve(REPO_ROOT, config.backups.dir)}  (npm run backup; npm run restore -- --to latest)`;
  console.log(`
Segmentia runs in production shape:
  site       ${topology.siteUrl}/  (http://localhost:${config.edge.httpPort}/ redirects there)
  API        ${topology.siteUrl}/graphql  (replicas at ${apiPorts.map((port) => `127.0.0.1:${port}`).join(', ')})
  metrics    ${metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`).join(', ')}  (not behind nginx)
  alerts     ${topology.monitoring.url}/alerts  (Prometheus: the API, nginx, PostgreSQL and Redis; rules in deploy/monitoring/rules)
  logs       ${topology.logDir}/  (JSON lines: api-1.log, api-2.log, nginx-access.log)
  backups    ${backups}
  trust      ${topology.certificates.ca}  (the local certificate authority: add it to your browser, or NODE_EXTRA_CA_CERTS for Node.js)
  Ctrl-C stops everything.
`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

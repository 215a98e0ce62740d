/**
 * The Grafana dashboard of components/monitoring, read as Grafana reads it, and what its queries may name: the
 * metrics a real API serves on /metrics, the rule files' recording rules, and the exporters' documented metrics.
 * dashboard.spec.ts checks every panel's PromQL against them, parsed by Prometheus's own grammar.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { createApp } from '@segmentia/api/app';
import { loadConfig } from '@segmentia/api/config';
import { parse } from 'yaml';
import { freePort } from '../../common/ports';
import { K8S_DIR } from './render';

export const DASHBOARD_FILE = path.join(K8S_DIR, 'components/monitoring/dashboard.json');

export interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string; legendFormat?: string }[];
}
export interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query?: string }[] };
}

export const readDashboard = (file = DASHBOARD_FILE): Dashboard => JSON.parse(readFileSync(file, 'utf8')) as Dashboard;

/**
 * Metrics of the exporters beside the API, as their documentation lists them: Prometheus's own `up`;
 * nginx-prometheus-exporter's stub_status metrics (its README, "Metrics for NGINX OSS"); CloudNativePG's collector
 * and its default queries (its "Monitoring" page, cnpg-default-monitoring); the barman-cloud plugin's.
 */
export const EXPORTER_METRICS: ReadonlySet<string> = new Set([
  'up',
  'nginx_up',
  'nginx_connections_accepted',
  'nginx_connections_active',
  'nginx_connections_handled',
  'nginx_connections_reading',
  'nginx_connections_waiting',
  'nginx_connections_writing',
  'nginx_http_requests_total',
  'cnpg_collector_up',
  'cnpg_collector_sync_replicas',
  'cnpg_collector_nodes_used',
  'cnpg_collector_pg_wal_archive_status',
  'barman_cloud_cloudnative_pg_io_last_available_backup_timestamp',
  'cnpg_collector_last_failed_backup_timestamp',
  'cnpg_collector_first_recoverability_point',
  'cnpg_pg_replication_lag',
  'cnpg_pg_replication_streaming_replicas',
  'cnpg_pg_stat_archiver_archived_count',
  'cnpg_pg_stat_archiver_failed_count',
  'cnpg_pg_stat_archiver_seconds_since_last_archival',
  'barman_cloud_cloudnative_pg_io_last_available_backup_timestamp',
  'barman_cloud_cloudnative_pg_io_last_failed_backup_timestamp',
]);

/** What Grafana puts in place of its own variables before Prometheus sees a query. */
const grafanaVariables = (expr: string) => expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m');

/** A query's selectors: the metric each names, and its label matchers (name, operator, value as written). */
export function selectorsOf(expr: string): { metric: string | undefined; matchers: { label: string; op: string; value: string }[] }[] {
  const query = grafanaVariables(expr);
  const tree = parser.parse(query);
  const selectors: ReturnType<typeof selectorsOf> = [];
  let error: number | undefined;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError && error === undefined) error = node.from;
      if (node.name !== 'VectorSelector') return;
      const identifier = node.node.getChild('Identifier');
      const matchers = node.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? [];
      const labels = matchers.map((matcher) => {
        const text = (name: string) => {
          const child = matcher.getChild(name)!;
          return query.slice(child.from, child.to);
        };
        return { label: text('LabelName'), op: text('MatchOp'), value: text('StringLiteral').slice(1, -1) };
      });
      // A name given as a label ({__name__="…"}) is a name all the same.
      const byLabel = labels.find(({ label, op }) => label === '__name__' && op === '=')?.value;
      selectors.push({ metric: identifier ? query.slice(identifier.from, identifier.to) : byLabel, matchers: labels });
    },
  });
  if (error !== undefined) throw new Error(`not PromQL at ${error}: ${query.slice(error, error + 40)}…`);
  return selectors;
}

/** The series names a metric family of the text format stands for: a histogram's _bucket, _sum and _count. */
function seriesOf(name: string, type: string): string[] {
  if (type === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
  if (type === 'summary') return [name, `${name}_sum`, `${name}_count`];
  return [name];
}

/**
 * The metrics a real API serves: the API built as every start builds it, asked for /metrics. It needs no database
 * (what reads one is then left unset, but its family is still declared), so nothing is made for it.
 */
export async function apiMetricNames(): Promise<Set<string>> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgresql://segmentia@127.0.0.1:9/unreachable',
    DATABASE_TIMEOUT_MS: '200',
    METRICS_PORT: String(port),
    METRICS_HOST: '127.0.0.1',
  });
  const app = await createApp(config, { logs: false });
  await app.init();
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    return new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) => seriesOf(name!, type!)));
  } finally {
    await app.close();
  }
}

/** The names the rule files record (`record:`), which queries may read like metrics. */
export function recordedNames(files: string[]): Set<string> {
  return new Set(
    files.flatMap((file) =>
      (parse(readFileSync(file, 'utf8')) as { groups: { rules: { record?: string }[] }[] }).groups.flatMap(({ rules }) =>
        rules.flatMap(({ record }) => (record ? [record] : [])),
      ),
    ),
  );
}

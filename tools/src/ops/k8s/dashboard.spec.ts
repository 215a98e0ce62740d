import { apiMetricNames, EXPORTER_METRICS, readDashboard, recordedNames, selectorsOf } from './dashboard';
import { jobOf } from './monitoring';
import { rulePaths } from './prometheus-rule';
import { renderOverlay } from './render';

const dashboard = readDashboard();
const queries = dashboard.panels.flatMap(({ title, targets = [] }) =>
  targets.map(({ refId, expr }) => ({ panel: `${title} ${refId}`, expr })),
);

/** The `job` labels the component's PodMonitors set: the only ones a query can find on Kubernetes. */
const JOBS = renderOverlay('production')
  .filter(({ kind }) => kind === 'PodMonitor')
  .flatMap((monitor) => (monitor.spec as { podMetricsEndpoints: Parameters<typeof jobOf>[0][] }).podMetricsEndpoints.map(jobOf));

describe('the Grafana dashboard (components/monitoring)', () => {
  let known: Set<string>;
  beforeAll(async () => {
    known = new Set([...(await apiMetricNames()), ...recordedNames(rulePaths()), ...EXPORTER_METRICS]);
  }, 60_000);
  const unknown = (expr: string) => selectorsOf(expr).flatMap(({ metric }) => (metric && !known.has(metric) ? [metric] : []));

  it('is a dashboard Grafana provisions: its uid, a Prometheus data source chosen once, panels with queries', () => {
    expect(dashboard).toMatchObject({ uid: 'segmentia', title: 'Segmentia' });
    expect(dashboard.templating.list).toEqual([expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' })]);
    const ids = dashboard.panels.map(({ id }) => id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels.filter(({ type }) => type !== 'row')) {
      expect([panel.title, panel.datasource]).toEqual([panel.title, { type: 'prometheus', uid: '${datasource}' }]);
      expect([panel.title, panel.targets?.length]).toEqual([panel.title, expect.any(Number)]);
    }
    expect(queries.length).toBeGreaterThan(20);
  });

  it('has the panels an operator looks for', () => {
    const all = queries.map(({ expr }) => expr).join('\n');
    for (const needed of [
      'segmentia:contact_availability:ratio_rate30d',
      'segmentia:explorer_availability:ratio_rate30d',
      'segmentia:explorer_fast:ratio_rate30d',
      'segmentia_graphql_requests_total',
      'segmentia_graphql_request_duration_seconds_bucket',
      'segmentia_outbox_backlog',
      'segmentia_outbox_oldest_undelivered_seconds',
      'segmentia_notification_deliveries_total',
      'segmentia:wal_archive_age_seconds',
      'segmentia:base_backup_age_seconds',
      'segmentia_dependency_up',
    ])
      expect([needed, all.includes(needed)]).toEqual([needed, true]);
  });

  it.each(queries)('$panel: PromQL whose metrics the API, the rules or the exporters have', ({ expr }) => {
    expect(unknown(expr)).toEqual([]);
    for (const { matchers } of selectorsOf(expr))
      for (const { label, op, value } of matchers.filter(({ label }) => label === 'job'))
        expect([label, op, value.split('|').filter((job) => !JOBS.includes(job))]).toEqual(['job', expect.any(String), []]);
  });

  it('finds a metric renamed, and a query that is not PromQL', () => {
    expect(unknown('sum(rate(segmentia_graphql_request_total[$__rate_interval]))')).toEqual(['segmentia_graphql_request_total']);
    expect(unknown('1 - segmentia:contact_availability:ratio_rate7d')).toEqual(['segmentia:contact_availability:ratio_rate7d']);
    expect(unknown('max({__name__="segmentia_outbox_backlogs"})')).toEqual(['segmentia_outbox_backlogs']);
    expect(unknown('histogram_quantile(0.99, sum by (le) (rate(segmentia_graphql_request_duration_seconds_bucket[5m])))')).toEqual([]);
    expect(() => selectorsOf('sum(rate(segmentia_outbox_backlog[5m])')).toThrow('not PromQL');
  });
});

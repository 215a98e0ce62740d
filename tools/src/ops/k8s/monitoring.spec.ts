import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../common/paths';
import { NGINX_TEMPLATE } from '../production/nginx';
import { DASHBOARD_FILE } from './dashboard';
import { jobOf } from './monitoring';
import { findObject, type KubeObject, podTemplateOf, renderOverlay } from './render';

const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const jobs = (objects: KubeObject[]) =>
  Object.fromEntries(
    objects
      .filter(({ kind }) => kind === 'PodMonitor')
      .map((monitor) => [
        monitor.metadata.name,
        (monitor.spec as { podMetricsEndpoints: Parameters<typeof jobOf>[0][] }).podMetricsEndpoints.map(jobOf),
      ]),
  );

describe.each([
  { overlay: 'production', database: true },
  { overlay: 'production-managed-postgres', database: false },
])('deploy/k8s/overlays/$overlay: monitoring', ({ overlay, database }) => {
  const objects = renderOverlay(overlay);

  it('scrapes the API, nginx and CloudNativePG under the jobs the rules name', () => {
    expect(jobs(objects)).toEqual({
      'segmentia-api': ['segmentia-api'],
      'segmentia-web': ['nginx'],
      ...(database ? { 'segmentia-db': ['cloudnative-pg'] } : {}),
    });
  });

  it("runs nginx's exporter beside it, reading stub_status where the web image serves it, on the loopback", () => {
    const pod = podTemplateOf(findObject(objects, 'Deployment', 'segmentia-web')!);
    expect(pod.containers.map(({ name }) => name)).toEqual(['web', 'nginx-exporter']);
    const exporter = pod.containers[1]!;
    const port = /NGINX_STATUS_PORT=(\d+)/.exec(dockerfile)![1];
    const template = readFileSync(NGINX_TEMPLATE, 'utf8');
    expect(template).toContain('listen 127.0.0.1:${NGINX_STATUS_PORT};');
    const location = /location = (\S+) \{\s*stub_status;/.exec(template)![1];
    expect(exporter.args).toContain(`--nginx.scrape-uri=http://127.0.0.1:${port}${location}`);
    expect(exporter.ports).toEqual([{ name: 'metrics', containerPort: 9113 }]);
  });

  it("gives Grafana's sidecar the dashboard under one name, with its label", () => {
    const dashboard = findObject(objects, 'ConfigMap', 'segmentia-dashboard')!;
    expect(dashboard.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    const data = dashboard.data as Record<string, string>;
    expect(Object.keys(data)).toEqual(['segmentia.json']);
    expect(JSON.parse(data['segmentia.json']!)).toEqual(JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')));
  });
});

describe('deploy/k8s/overlays/dev: no monitoring', () => {
  const objects = renderOverlay('dev');

  it('needs no Prometheus Operator, and its web pods run only the images npm run images builds (what test:kube plays)', () => {
    expect(objects.filter(({ apiVersion }) => apiVersion.startsWith('monitoring.coreos.com/'))).toEqual([]);
    const web = podTemplateOf(findObject(objects, 'Deployment', 'segmentia-web')!);
    expect(web.containers.map(({ image }) => image)).toEqual(['segmentia/web:0.1.0']);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import { PodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, type IContainer, type IPodSpec, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { AppConfig } from '@segmentia/api/config';
import { REPO_ROOT } from '../../common/paths';
import { HEALTH_PATHS, NGINX_MAIN, NGINX_TEMPLATE } from '../production/nginx';
import { UPSTREAM_FAILURES } from '../production/topology';
import { apiEnvironment, composeApiNames, environmentNames, ONLY_IN_COMPOSE, ONLY_IN_KUBERNETES } from './api-environment';
import { cloudNativePg, gatewayApi, givenByTheInstallation, synchronousReplication } from './custom-resources';
import { scrapeOnly, scrapeTargets } from './monitoring';
import {
  defaultDeny,
  disruptionBudgets,
  migrationJobPerRelease,
  noSecretData,
  pinnedImages,
  probes,
  resourceBounds,
  restrictedContainers,
  type Rule,
} from './policy';
import { findObject, type KubeObject, podTemplateOf, renderOverlay } from './render';

/**
 * The models of kubernetes-models (Kubernetes' OpenAPI schemas), @kubernetes-models/gateway-api and
 * @kubernetes-models/prometheus-operator (the Prometheus Operator's CRDs), by apiVersion and kind.
 */
const SCHEMAS: Record<string, new (data: never) => { validate(): void }> = {
  'v1 Namespace': Namespace,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'apps/v1 Deployment': Deployment,
  'batch/v1 Job': Job,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'gateway.networking.k8s.io/v1 HTTPRoute': HTTPRoute,
  'monitoring.coreos.com/v1 PodMonitor': PodMonitor,
  'monitoring.coreos.com/v1 PrometheusRule': PrometheusRule,
};
/**
 * No package describes these (BackendTLSPolicy v1 only in a release of @kubernetes-models/gateway-api that needs Node.js 22 and
 * ES modules): custom-resources.ts checks the fields these manifests rely on.
 */
const POLICY_ONLY = [
  'postgresql.cnpg.io/v1 Cluster',
  'postgresql.cnpg.io/v1 ScheduledBackup',
  'barmancloud.cnpg.io/v1 ObjectStore',
  'gateway.networking.k8s.io/v1 BackendTLSPolicy',
];

function validateSchema(object: KubeObject): void {
  const key = `${object.apiVersion} ${object.kind}`;
  if (POLICY_ONLY.includes(key)) return;
  const Model = SCHEMAS[key];
  if (!Model) throw new Error(`${key} ${object.metadata.name}: no schema here; add its model, or check it in custom-resources.ts`);
  new Model(object as never).validate();
}

const COMPOSE_API_NAMES = composeApiNames();

const RULES: Record<string, Rule> = {
  'containers run restricted': restrictedContainers,
  'containers have requests and limits': resourceBounds,
  'long-running containers have probes': probes,
  'images name their version': pinnedImages,
  'replicas have a disruption budget': disruptionBudgets,
  'the namespace denies by default': defaultDeny,
  'the migration Job is one per release': migrationJobPerRelease,
  'CloudNativePG and barman-cloud objects are complete': cloudNativePg,
  'CloudNativePG replicates synchronously': synchronousReplication,
  'routes and BackendTLSPolicy reach their Services': gatewayApi,
  'PodMonitors reach their pods, each with its job': scrapeTargets,
  'the monitoring namespace reaches metrics ports only': scrapeOnly,
  "the API's environment is compose's": apiEnvironment(COMPOSE_API_NAMES),
};

/** Per overlay: what the installation gives by name (docs/kubernetes.md, "Secrets"); dev alone generates throwaway Secrets. */
const OVERLAYS = [
  { overlay: 'dev', throwawaySecrets: true, operator: true, given: ['ConfigMap segmentia-web-ca', 'Secret segmentia-web-tls'] },
  {
    overlay: 'production',
    throwawaySecrets: false,
    operator: true,
    given: [
      'ConfigMap segmentia-web-ca',
      'Secret segmentia-api',
      'Secret segmentia-backup-s3',
      'Secret segmentia-db-api',
      'Secret segmentia-valkey',
      'Secret segmentia-web-tls',
    ],
  },
  {
    overlay: 'production-managed-postgres',
    throwawaySecrets: false,
    operator: false,
    given: [
      'ConfigMap segmentia-web-ca',
      'Secret segmentia-api',
      'Secret segmentia-database',
      'Secret segmentia-valkey',
      'Secret segmentia-web-tls',
    ],
  },
];

const find = (objects: KubeObject[], kind: string, name: string) => findObject(objects, kind, name)!;
const podOf = (objects: KubeObject[], kind: string, name: string): IPodSpec => podTemplateOf(find(objects, kind, name));
const containerOf = (objects: KubeObject[], kind: string, name: string): IContainer => podOf(objects, kind, name).containers[0]!;
const envValue = (container: IContainer, name: string) => container.env?.find((variable) => variable.name === name)?.value;

/** The web image's settings (the ENV of the Dockerfile's web stage). */
const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const WEB_IMAGE_ENV = [.../^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile.slice(dockerfile.indexOf('AS web\n')))![1]!.matchAll(/(\w+)=/g)].map(
  (match) => match[1]!,
);
const templateVariables = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);

describe.each(OVERLAYS)('deploy/k8s/overlays/$overlay', ({ overlay, throwawaySecrets, operator, given }) => {
  const objects = renderOverlay(overlay);

  it('renders objects that each fit their schema', () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) expect(() => validateSchema(object)).not.toThrow();
  });

  it.each(Object.entries(RULES))('%s', (_name, rule) => {
    expect(rule(objects)).toEqual([]);
  });

  it(throwawaySecrets ? 'holds only its throwaway secrets' : 'holds no secret', () => {
    const secrets = objects.filter(({ kind }) => kind === 'Secret').map(({ metadata }) => metadata.name.replace(/-[a-z0-9]{10}$/, ''));
    expect(secrets.sort()).toEqual(throwawaySecrets ? ['segmentia-api', 'segmentia-db-api', 'segmentia-valkey'] : []);
    if (!throwawaySecrets) expect(noSecretData(objects)).toEqual([]);
  });

  it('refers to what the installation gives by name', () => {
    expect(givenByTheInstallation(objects)).toEqual(given);
  });

  it('puts its namespace under the restricted Pod Security Standard', () => {
    const namespace = objects.find(({ kind }) => kind === 'Namespace')!;
    expect(namespace.metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    expect(objects.every(({ kind, metadata }) => kind === 'Namespace' || metadata.namespace === namespace.metadata.name)).toBe(true);
  });

  it('passes the API only settings it knows, and each difference from compose is still one', () => {
    const namespace = objects.find(({ kind }) => kind === 'Namespace')!.metadata.name;
    const names = environmentNames(containerOf(objects, 'Deployment', 'segmentia-api'), objects, namespace);
    const known = new Set(Object.keys(new AppConfig()));
    // With CloudNativePG, the API role's password comes apart from its URL; a managed database's Secret holds the URL whole.
    const byOperator = operator ? [] : ['DATABASE_PASSWORD'];
    expect(names.filter((name) => !known.has(name))).toEqual(operator ? ['DATABASE_PASSWORD', 'REDIS_PASSWORD'] : ['REDIS_PASSWORD']);
    expect(
      Object.keys(ONLY_IN_KUBERNETES).filter(
        (name) => !byOperator.includes(name) && (!names.includes(name) || COMPOSE_API_NAMES.includes(name)),
      ),
    ).toEqual([]);
    expect(Object.keys(ONLY_IN_COMPOSE).filter((name) => names.includes(name) || !COMPOSE_API_NAMES.includes(name))).toEqual([]);
  });

  it('rolls the API without losing a request, two replicas or more, spread over nodes', () => {
    const deployment = find(objects, 'Deployment', 'segmentia-api').spec as { strategy: object };
    expect(deployment.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
    expect(find(objects, 'HorizontalPodAutoscaler', 'segmentia-api').spec).toMatchObject({ minReplicas: 2 });
    const pod = podOf(objects, 'Deployment', 'segmentia-api');
    const api = pod.containers[0]!;
    expect(pod.topologySpreadConstraints?.[0]).toMatchObject({ topologyKey: 'kubernetes.io/hostname' });
    expect([api.startupProbe?.httpGet?.path, api.livenessProbe?.httpGet?.path, api.readinessProbe?.httpGet?.path]).toEqual([
      '/health',
      '/health',
      HEALTH_PATHS.api,
    ]);
    // preStop's pause, the API's drain, then the longest request nginx waits for: all within the grace period.
    const settings = find(objects, 'ConfigMap', api.envFrom![0]!.configMapRef!.name!).data as Record<string, string>;
    const longestRequest = Number(/proxy_read_timeout (\d+)s;/.exec(readFileSync(NGINX_TEMPLATE, 'utf8'))![1]);
    const stop = api.lifecycle!.preStop!.sleep!.seconds + Number(settings.SHUTDOWN_GRACE_MS) / 1000 + longestRequest;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(stop);
  });

  it('gives nginx every variable its templates read, the API Service, the TLS Secret and its Gateway range', () => {
    const web = containerOf(objects, 'Deployment', 'segmentia-web');
    const provided = new Set([...WEB_IMAGE_ENV, ...(web.env ?? []).map(({ name }) => name)]);
    expect([...templateVariables(NGINX_TEMPLATE), ...templateVariables(NGINX_MAIN)].filter((name) => !provided.has(name))).toEqual([]);
    const api = find(objects, 'Service', 'segmentia-api').spec as { ports: { port: number }[] };
    expect(envValue(web, 'NGINX_API_SERVERS')).toBe(`server segmentia-api:${api.ports[0]!.port} ${UPSTREAM_FAILURES};`);
    // The Gateway's range is the overlay's one setting, given to nginx by Kubernetes' $(VARIABLE) expansion (declared first).
    const names = (web.env ?? []).map(({ name }) => name);
    expect(names.indexOf('GATEWAY_PROXY_RANGE')).toBeLessThan(names.indexOf('NGINX_REAL_IP'));
    const range = envValue(web, 'GATEWAY_PROXY_RANGE')!;
    // Not recursive: the last address of X-Forwarded-For, the one the Gateway's proxy added, never one written before it.
    expect(envValue(web, 'NGINX_REAL_IP')).toBe('set_real_ip_from $(GATEWAY_PROXY_RANGE); real_ip_header X-Forwarded-For;');
    expect(range).toMatch(/^[\d.]+\/\d+$/);
    // Production trusts a pool of the Gateway's proxies, not a whole private range (a local cluster's pod range is).
    if (overlay !== 'dev') expect(Number(range.split('/')[1])).toBeGreaterThanOrEqual(20);
    // The Secret's keys are the file names the image reads (NGINX_TLS_CERT, NGINX_TLS_KEY: /etc/segmentia/tls/tls.*).
    expect(dockerfile).toContain('NGINX_TLS_CERT=/etc/segmentia/tls/tls.crt');
    expect(dockerfile).toContain('NGINX_TLS_KEY=/etc/segmentia/tls/tls.key');
    const tls = web.volumeMounts!.find(({ mountPath }) => mountPath === '/etc/segmentia/tls')!;
    expect(podOf(objects, 'Deployment', 'segmentia-web').volumes!.find(({ name }) => name === tls.name)!.secret!.secretName).toBe(
      'segmentia-web-tls',
    );
    expect(web.readinessProbe?.httpGet?.path).toBe(HEALTH_PATHS.nginx);
  });
});

describe.each(OVERLAYS.filter(({ operator }) => operator))('deploy/k8s/overlays/$overlay and its database', ({ overlay }) => {
  const objects = renderOverlay(overlay);
  const caMount = (kind: string, name: string) => {
    const pod = podOf(objects, kind, name);
    const mount = pod.containers[0]!.volumeMounts!.find(({ name }) => name === 'postgres-ca')!;
    return { path: mount.mountPath, secret: pod.volumes!.find(({ name }) => name === mount.name)!.secret };
  };

  it("connects the API as its own role, the migrations as the owner, each verifying the server with the operator's CA", () => {
    const api = containerOf(objects, 'Deployment', 'segmentia-api');
    const job = objects.find(({ kind }) => kind === 'Job')!;
    const migrate = podTemplateOf(job).containers[0]!;
    for (const [container, user, secret, kind, name] of [
      [api, 'segmentia_api', 'segmentia-db-api', 'Deployment', 'segmentia-api'],
      [migrate, 'segmentia', 'segmentia-db-app', 'Job', job.metadata.name],
    ] as const) {
      const url = new URL(envValue(container, 'DATABASE_URL')!);
      expect([url.username, url.password, url.host]).toEqual([user, '$(DATABASE_PASSWORD)', 'segmentia-db-rw:5432']);
      expect(container.env!.find(({ name }) => name === 'DATABASE_PASSWORD')!.valueFrom!.secretKeyRef).toEqual({
        name: secret,
        key: 'password',
      });
      const ca = caMount(kind, name);
      expect(url.searchParams.get('sslmode')).toBe('verify-full');
      expect(url.searchParams.get('sslrootcert')).toBe(`${ca.path}/ca.crt`);
      // The CA's certificate, never its key.
      expect(ca.secret).toEqual({ secretName: 'segmentia-db-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] });
    }
    const roles = (find(objects, 'Cluster', 'segmentia-db').spec as { managed: { roles: object[] } }).managed.roles;
    expect(roles).toEqual([
      expect.objectContaining({ name: 'segmentia_api', login: true, superuser: false, createdb: false, createrole: false }),
    ]);
    expect(roles[0]).toMatchObject({ passwordSecret: { name: 'segmentia-db-api' } });
  });

  it('gives Valkey its password as configuration, never on a command line', () => {
    const valkey = containerOf(objects, 'Deployment', 'segmentia-valkey');
    // Kubernetes' $(VARIABLE) would write the password into the process's arguments; the shell's here-document does not.
    const commandLine = [...(valkey.command ?? []), ...(valkey.args ?? [])].join(' ');
    expect(commandLine).not.toContain('$(VALKEY_PASSWORD)');
    expect(commandLine).not.toContain('--requirepass');
    expect(valkey.command!.join(' ')).toContain('requirepass $VALKEY_PASSWORD');
  });
});

describe('the schema check', () => {
  const production = renderOverlay('production');
  it('refuses an object outside its schema, or one with no schema', () => {
    const deployment = structuredClone(find(production, 'Deployment', 'segmentia-web'));
    expect(() => validateSchema(deployment)).not.toThrow();
    expect(() => validateSchema({ ...deployment, spec: { ...(deployment.spec as object), replicas: 'two' } })).toThrow('replicas');
    expect(() => validateSchema({ ...deployment, apiVersion: 'apps/v1', kind: 'StatefulSet' })).toThrow('no schema here');
  });
});

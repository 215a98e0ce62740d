// Over 300 lines on purpose: the one table of our Kubernetes invariants, with the selectors its rows share, reads in one place.
/**
 * deploy/k8s as a cluster receives it: each overlay rendered by `kubectl kustomize` (render.ts), every object
 * checked against its published schema, then against the invariants of ours in the table below. The rest is checked
 * by its own engine: promtool checks and tests the rules (tools/src/ops/monitoring), `npm run test:kube` plays the dev
 * overlay's pods with podman, and a cluster's `kubectl apply --dry-run=server` checks the custom resources.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as gatewayApi from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import * as prometheusOperator from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../common/paths';
import { REGENERATE, ruleName, rulePaths } from './prometheus-rule';
import { findObject, type KubeObject, renderOverlay } from './render';

type Model = new (data: never) => { validate(): void };
/** Kubernetes' OpenAPI schemas (kubernetes-models) and the Gateway API's and Prometheus Operator's CRDs, by apiVersion. */
const PUBLISHED = {
  v1: core,
  'apps/v1': apps,
  'batch/v1': batch,
  'autoscaling/v2': autoscaling,
  'policy/v1': policy,
  'networking.k8s.io/v1': networking,
  'gateway.networking.k8s.io/v1': gatewayApi,
  'monitoring.coreos.com/v1': prometheusOperator,
} as unknown as Record<string, Record<string, Model | undefined>>;
/**
 * Kinds no npm package publishes a schema for: CloudNativePG's and its barman-cloud plugin's (the invariants hold the
 * fields that matter), and BackendTLSPolicy v1 (only in a release of @kubernetes-models/gateway-api for Node.js 22).
 */
const UNPUBLISHED = [
  'postgresql.cnpg.io/v1 Cluster',
  'postgresql.cnpg.io/v1 ScheduledBackup',
  'barmancloud.cnpg.io/v1 ObjectStore',
  'gateway.networking.k8s.io/v1 BackendTLSPolicy',
];

function validateSchema(object: KubeObject): void {
  const key = `${object.apiVersion} ${object.kind}`;
  if (UNPUBLISHED.includes(key)) return;
  const Model = PUBLISHED[object.apiVersion]?.[object.kind];
  if (!Model) throw new Error(`${key} ${object.metadata.name}: no published schema here`);
  new Model(object as never).validate();
}

/** The dev overlay's namespace: a local cluster with one database instance, no object storage and throwaway Secrets. */
const DEV = 'segmentia-dev';
const DEV_SECRETS = ['segmentia-api', 'segmentia-db-api', 'segmentia-valkey'];
const BARMAN_CLOUD = 'barman-cloud.cloudnative-pg.io';
const PROMETHEUS_PEER = { namespace: { 'kubernetes.io/metadata.name': 'monitoring' }, pod: { 'app.kubernetes.io/name': 'prometheus' } };
/** CloudNativePG's instances: the labels the operator gives them, and their exporter's port. */
const instanceLabels = (cluster: string) => ({ 'cnpg.io/cluster': cluster, 'cnpg.io/podRole': 'instance' });
const CNPG_METRICS_PORT = 9187;

/** Names the API's pods have and docker-compose.yml's x-api-environment has not, each for its reason. */
const ONLY_IN_KUBERNETES: Record<string, string> = {
  SHUTDOWN_GRACE_MS: 'readiness says "stopping" while the Service\'s endpoints drop the pod (compose has no endpoints to wait for)',
  REDIS_PASSWORD: "Valkey's password, set into REDIS_URL by Kubernetes' $(REDIS_PASSWORD) expansion; the API ignores it",
  DATABASE_PASSWORD: "the API role's, set into DATABASE_URL by $(DATABASE_PASSWORD) (CloudNativePG only); the API ignores it",
  ALLOW_DEVELOPMENT_SECRETS: "the dev overlay's local cluster takes the throwaway Secrets it commits; compose commits no secret",
};
const COMPOSE_API_NAMES = Object.keys(
  (parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { 'x-api-environment': object })[
    'x-api-environment'
  ],
);

type Labels = Record<string, string>;
interface Selector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface Template {
  metadata?: { labels?: Labels };
  spec: IPodSpec;
}
interface SecretKeyRef {
  name?: string;
  key?: string;
}
interface ClusterSpec {
  instances: number;
  minSyncReplicas?: number;
  bootstrap?: { initdb?: { owner?: string } };
  managed?: { roles?: { name: string; login?: boolean; superuser?: boolean; createdb?: boolean; createrole?: boolean }[] };
  plugins?: { name: string; isWALArchiver?: boolean; parameters?: { barmanObjectName?: string } }[];
  postgresql?: { synchronous?: { method?: string; number?: number; dataDurability?: string; failoverQuorum?: boolean } };
}
interface ObjectStoreSpec {
  retentionPolicy?: string;
  configuration?: {
    s3Credentials?: { accessKeyId?: SecretKeyRef; secretAccessKey?: SecretKeyRef };
    data?: { encryption?: string };
    wal?: { encryption?: string };
  };
}
interface Endpoint {
  port?: string;
  relabelings?: { targetLabel?: string; replacement?: string; sourceLabels?: string[] }[];
}
interface NetworkPolicySpec {
  podSelector: Selector;
  policyTypes?: string[];
  ingress?: { from?: { namespaceSelector?: Selector; podSelector?: Selector }[]; ports?: { port?: number | string }[] }[];
  egress?: unknown[];
}

const specOf = <T>(object: KubeObject) => (object.spec ?? {}) as T;
const nameOf = (object: KubeObject) => `${object.kind} ${object.metadata.name}`;
const inNamespace = (objects: KubeObject[], kind: string, namespace: string | undefined) =>
  objects.filter((object) => object.kind === kind && object.metadata.namespace === namespace);
const find = (objects: KubeObject[], kind: string, name: string) => findObject(objects, kind, name)!;

const LONG_RUNNING = ['Deployment', 'StatefulSet', 'DaemonSet'];
/** A workload's pod template; undefined for an object that is none. */
function templateOf(object: KubeObject): Template | undefined {
  const spec = object.spec as { template?: Template; jobTemplate?: { spec: { template: Template } } } | undefined;
  if (object.kind === 'CronJob') return spec?.jobTemplate?.spec.template;
  return [...LONG_RUNNING, 'Job'].includes(object.kind) ? spec?.template : undefined;
}
const isWorkload = (object: KubeObject) => templateOf(object) !== undefined;
const podOf = (object: KubeObject) => templateOf(object)!.spec;
const labelsOf = (object: KubeObject): Labels => templateOf(object)?.metadata?.labels ?? {};
const containersOf = (object: KubeObject) => [...(podOf(object).initContainers ?? []), ...podOf(object).containers];
const componentOf = (objects: KubeObject[], component: string) =>
  objects.filter((object) => isWorkload(object) && labelsOf(object)['app.kubernetes.io/component'] === component);
const envOf = (container: IContainer, name: string) => container.env?.find((variable) => variable.name === name);

/** Kubernetes' label selector: every label and every expression must hold (an empty one selects every pod). */
function selects(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return false;
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      const member = key in labels && values.includes(labels[key]!);
      if (operator === 'Exists' || operator === 'DoesNotExist') return key in labels === (operator === 'Exists');
      return operator === 'In' ? member : !member;
    })
  );
}

const isId = (value: unknown) => Number.isInteger(value) && (value as number) > 0;
/** The "restricted" Pod Security Standard, each setting explicit, with a numeric user and group. */
function restricted(pod: IPodSpec, container: IContainer): boolean {
  const context = { ...pod.securityContext, ...container.securityContext };
  return (
    context.runAsNonRoot === true &&
    isId(context.runAsUser) &&
    isId(context.runAsGroup) &&
    context.readOnlyRootFilesystem === true &&
    context.allowPrivilegeEscalation === false &&
    !context.privileged &&
    context.capabilities?.drop?.includes('ALL') === true &&
    !context.capabilities.add?.length &&
    context.seccompProfile?.type === 'RuntimeDefault'
  );
}

/** The variable names the API's container gets: its own, and every key of the ConfigMaps it takes whole. */
function environmentNames(workload: KubeObject, objects: KubeObject[]): string[] {
  const container = podOf(workload).containers[0]!;
  const fromConfigMaps = (container.envFrom ?? []).flatMap(({ configMapRef, prefix = '' }) => {
    const configMap = inNamespace(objects, 'ConfigMap', workload.metadata.namespace).find(
      ({ metadata }) => metadata.name === configMapRef?.name,
    );
    return Object.keys((configMap?.data as Labels | undefined) ?? {}).map((key) => prefix + key);
  });
  return [...new Set([...fromConfigMaps, ...(container.env ?? []).map(({ name }) => name)])].sort();
}

/** How many pods a long-running workload keeps: its autoscaler's minimum, or its own count. */
function replicasOf(workload: KubeObject, objects: KubeObject[]): number {
  const autoscaler = inNamespace(objects, 'HorizontalPodAutoscaler', workload.metadata.namespace).find((object) => {
    const { kind, name } = specOf<{ scaleTargetRef: { kind: string; name: string } }>(object).scaleTargetRef;
    return kind === workload.kind && name === workload.metadata.name;
  });
  const own = specOf<{ replicas?: number }>(workload).replicas;
  // The autoscaler owns the count: one of the workload's own would undo its scaling at every apply (counted as none).
  if (autoscaler) return own === undefined ? (specOf<{ minReplicas?: number }>(autoscaler).minReplicas ?? 1) : 0;
  return own ?? 1;
}

/** Pods as the workloads' templates make them, and as CloudNativePG makes each Cluster's instances. */
function podsOf(objects: KubeObject[]): { namespace?: string; labels: Labels; ports: Map<string, number> }[] {
  return [
    ...objects.filter(isWorkload).map((workload) => ({
      namespace: workload.metadata.namespace,
      labels: labelsOf(workload),
      ports: new Map(
        podOf(workload).containers.flatMap(({ ports = [] }) => ports.map(({ name, containerPort }) => [name!, containerPort])),
      ),
    })),
    ...objects
      .filter(({ kind }) => kind === 'Cluster')
      .map((cluster) => ({
        namespace: cluster.metadata.namespace,
        labels: instanceLabels(cluster.metadata.name),
        ports: new Map([['metrics', CNPG_METRICS_PORT]]),
      })),
  ];
}

/** Whether a NetworkPolicy of the pods lets Prometheus's pods in to that port. */
const opensToPrometheus = (objects: KubeObject[], pods: ReturnType<typeof podsOf>[number], port: number) =>
  inNamespace(objects, 'NetworkPolicy', pods.namespace).some((object) => {
    const { podSelector, ingress = [] } = specOf<NetworkPolicySpec>(object);
    return (
      selects(podSelector, pods.labels) &&
      ingress.some(
        ({ from = [], ports = [] }) =>
          from.some(
            (peer) => selects(peer.namespaceSelector, PROMETHEUS_PEER.namespace) && selects(peer.podSelector, PROMETHEUS_PEER.pod),
          ) && ports.some((allowed) => allowed.port === port || pods.ports.get(String(allowed.port)) === port),
      )
    );
  });

const groupsOf = (file: string) => (parse(readFileSync(file, 'utf8')) as { groups: unknown[] }).groups;
const isSecretKeyRef = (ref: SecretKeyRef | undefined) => Boolean(ref?.name && ref.key);
const databaseUrl = (workload: KubeObject) => new URL(envOf(podOf(workload).containers[0]!, 'DATABASE_URL')?.value ?? 'unset:');

interface Invariant {
  /** What must hold, as a reviewer would say it. */
  name: string;
  /** The objects it is about (in every overlay rendered). */
  appliesTo: (object: KubeObject) => boolean;
  /** Whether one of them complies; `objects` is the whole rendering, for what an object needs of others. */
  holds: (object: KubeObject, objects: KubeObject[]) => boolean;
  /** Production's objects changed so that it no longer holds: each row can fail. */
  breaks: (objects: KubeObject[]) => void;
}

const INVARIANTS: Invariant[] = [
  {
    name: 'every container runs restricted: numeric non-root user and group, read-only root, no escalation, no capability, seccomp',
    appliesTo: isWorkload,
    holds: (workload) => containersOf(workload).every((container) => restricted(podOf(workload), container)),
    breaks: (objects) => delete podOf(find(objects, 'Deployment', 'segmentia-api')).containers[0]!.securityContext!.readOnlyRootFilesystem,
  },
  {
    name: "every container names its image's version (a tag other than latest, or a digest) and has CPU and memory requests and limits",
    appliesTo: isWorkload,
    holds: (workload) =>
      containersOf(workload).every(
        ({ image = '', resources }) =>
          /(:[\w][\w.-]*|@sha256:[0-9a-f]{64})$/.test(image) &&
          !image.endsWith(':latest') &&
          (['requests', 'limits'] as const).every((bound) =>
            ['cpu', 'memory'].every((resource) => resources?.[bound]?.[resource] !== undefined),
          ),
      ),
    breaks: (objects) => (podOf(find(objects, 'Deployment', 'segmentia-valkey')).containers[0]!.image = 'valkey/valkey:latest'),
  },
  {
    name: 'a container that runs until stopped has a liveness and a readiness probe',
    appliesTo: (object) => LONG_RUNNING.includes(object.kind),
    holds: (workload) => podOf(workload).containers.every(({ livenessProbe, readinessProbe }) => livenessProbe && readinessProbe),
    breaks: (objects) => delete podOf(find(objects, 'Deployment', 'segmentia-web')).containers[0]!.readinessProbe,
  },
  {
    name: 'the API keeps 2 replicas or more (its autoscaler owns the count) through a rollout; several replicas have a disruption budget',
    appliesTo: (object) => LONG_RUNNING.includes(object.kind),
    holds: (workload, objects) => {
      const replicas = replicasOf(workload, objects);
      const budgeted = inNamespace(objects, 'PodDisruptionBudget', workload.metadata.namespace).some((budget) =>
        selects(specOf<{ selector?: Selector }>(budget).selector, labelsOf(workload)),
      );
      const rollout = specOf<{ strategy?: { rollingUpdate?: { maxUnavailable?: number } } }>(workload).strategy?.rollingUpdate;
      const api = labelsOf(workload)['app.kubernetes.io/component'] === 'api';
      return replicas > 0 && (replicas < 2 || budgeted) && (!api || (replicas >= 2 && rollout?.maxUnavailable === 0));
    },
    breaks: (objects) => objects.splice(objects.indexOf(find(objects, 'PodDisruptionBudget', 'segmentia-api')), 1),
  },
  {
    name: 'the namespace enforces the restricted Pod Security Standard, and a NetworkPolicy denies all ingress and egress by default',
    appliesTo: (object) => object.kind === 'Namespace',
    holds: (namespace, objects) =>
      namespace.metadata.labels?.['pod-security.kubernetes.io/enforce'] === 'restricted' &&
      inNamespace(objects, 'NetworkPolicy', namespace.metadata.name).some((object) => {
        const { podSelector, policyTypes = [], ingress, egress } = specOf<NetworkPolicySpec>(object);
        const everyPod = !Object.keys(podSelector.matchLabels ?? {}).length && !podSelector.matchExpressions?.length;
        return everyPod && ['Ingress', 'Egress'].every((type) => policyTypes.includes(type)) && !ingress?.length && !egress?.length;
      }),
    breaks: (objects) => (specOf<NetworkPolicySpec>(find(objects, 'NetworkPolicy', 'default-deny')).policyTypes = ['Ingress']),
  },
  {
    name: "no Secret holds its values (the dev overlay's throwaway ones aside): the installation gives them",
    appliesTo: (object) => object.kind === 'Namespace',
    holds: (namespace, objects) =>
      inNamespace(objects, 'Secret', namespace.metadata.name).every(
        (secret) =>
          (namespace.metadata.name === DEV && DEV_SECRETS.includes(secret.metadata.name.replace(/-[a-z0-9]{10}$/, ''))) ||
          (!Object.keys(secret.data ?? {}).length && !Object.keys(secret.stringData ?? {}).length),
      ),
    breaks: (objects) =>
      objects.push({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'segmentia-api', namespace: 'segmentia' },
        stringData: { x: 'y' },
      }),
  },
  {
    name: "the API's environment is docker-compose.yml's x-api-environment, but for the names Kubernetes alone needs (ONLY_IN_KUBERNETES)",
    appliesTo: (object) => object.kind === 'Deployment' && labelsOf(object)['app.kubernetes.io/component'] === 'api',
    holds: (api, objects) =>
      isDeepStrictEqual(
        environmentNames(api, objects).filter((name) => !(name in ONLY_IN_KUBERNETES)),
        [...COMPOSE_API_NAMES].sort(),
      ),
    breaks: (objects) =>
      delete (
        objects.find(({ kind, metadata }) => kind === 'ConfigMap' && metadata.name.startsWith('segmentia-api-settings'))!.data as Labels
      ).LEAD_RETENTION_MONTHS,
  },
  {
    name: 'the API connects as its own role (a login, no superuser, CREATEDB or CREATEROLE), the migrations as the owner, both verify-full',
    appliesTo: (object) => object.kind === 'Cluster',
    holds: (cluster, objects) => {
      const { managed, bootstrap } = specOf<ClusterSpec>(cluster);
      const role = managed?.roles?.find(({ login }) => login);
      const connects = (component: string, user: string | undefined) =>
        componentOf(objects, component).length > 0 &&
        componentOf(objects, component).every((workload) => {
          const url = databaseUrl(workload);
          return (
            url.username === user && url.hostname === `${cluster.metadata.name}-rw` && url.searchParams.get('sslmode') === 'verify-full'
          );
        });
      return (
        role?.superuser === false &&
        role.createdb === false &&
        role.createrole === false &&
        connects('api', role.name) &&
        connects('migration', bootstrap?.initdb?.owner)
      );
    },
    breaks: (objects) => (specOf<ClusterSpec>(find(objects, 'Cluster', 'segmentia-db')).managed!.roles![0]!.superuser = true),
  },
  {
    name: 'a Cluster outside dev archives WAL through barman-cloud to a store that encrypts and expires backups, and backs up daily',
    appliesTo: (object) => object.kind === 'Cluster' && object.metadata.namespace !== DEV,
    holds: (cluster, objects) => {
      const namespace = cluster.metadata.namespace;
      const archiver = specOf<ClusterSpec>(cluster).plugins?.find(({ name, isWALArchiver }) => name === BARMAN_CLOUD && isWALArchiver);
      const store = inNamespace(objects, 'ObjectStore', namespace).find(
        ({ metadata }) => metadata.name === archiver?.parameters?.barmanObjectName,
      );
      const { configuration, retentionPolicy = '' } = store ? specOf<ObjectStoreSpec>(store) : {};
      const scheduled = inNamespace(objects, 'ScheduledBackup', namespace).some((backup) => {
        const spec = specOf<{ schedule?: string; cluster?: { name?: string }; method?: string; pluginConfiguration?: { name?: string } }>(
          backup,
        );
        // CloudNativePG's schedules have six fields, seconds first.
        return (
          spec.cluster?.name === cluster.metadata.name &&
          spec.schedule?.trim().split(/\s+/).length === 6 &&
          spec.method === 'plugin' &&
          spec.pluginConfiguration?.name === BARMAN_CLOUD
        );
      });
      return (
        (['data', 'wal'] as const).every((part) => ['AES256', 'aws:kms'].includes(configuration?.[part]?.encryption ?? '')) &&
        isSecretKeyRef(configuration?.s3Credentials?.accessKeyId) &&
        isSecretKeyRef(configuration?.s3Credentials?.secretAccessKey) &&
        /^[1-9]\d*[dwm]$/.test(retentionPolicy) &&
        scheduled
      );
    },
    breaks: (objects) => delete specOf<ObjectStoreSpec>(find(objects, 'ObjectStore', 'segmentia-backups')).configuration!.wal!.encryption,
  },
  {
    name: 'a Cluster of several instances commits on a standby too, waits rather than go unprotected, and promotes only a complete standby',
    appliesTo: (object) => object.kind === 'Cluster' && specOf<ClusterSpec>(object).instances > 1,
    holds: (cluster) => {
      const { instances, minSyncReplicas, postgresql } = specOf<ClusterSpec>(cluster);
      const { method = '', number = 0, dataDurability, failoverQuorum } = postgresql?.synchronous ?? {};
      // One standby more than a commit waits for, so that a standby lost stops no write; minSyncReplicas is the
      // deprecated way, which drops to asynchronous when standbys are lost.
      return (
        minSyncReplicas === undefined &&
        ['any', 'first'].includes(method) &&
        number >= 1 &&
        number <= instances - 2 &&
        dataDurability === 'required' &&
        failoverQuorum === true
      );
    },
    breaks: (objects) =>
      (specOf<ClusterSpec>(find(objects, 'Cluster', 'segmentia-db')).postgresql!.synchronous!.dataDurability = 'preferred'),
  },
  {
    name: 'every PodMonitor finds pods with the port it names, sets its job label (the rules select by job), and Prometheus may reach it',
    appliesTo: (object) => object.kind === 'PodMonitor',
    holds: (monitor, objects) => {
      const { selector, podMetricsEndpoints = [] } = specOf<{ selector?: Selector; podMetricsEndpoints?: Endpoint[] }>(monitor);
      const pods = podsOf(objects).filter(({ namespace, labels }) => namespace === monitor.metadata.namespace && selects(selector, labels));
      return (
        pods.length > 0 &&
        podMetricsEndpoints.length > 0 &&
        podMetricsEndpoints.every(
          ({ port = '', relabelings = [] }) =>
            relabelings.some(
              ({ targetLabel, replacement, sourceLabels }) => targetLabel === 'job' && replacement && !sourceLabels?.length,
            ) && pods.every((target) => target.ports.has(port) && opensToPrometheus(objects, target, target.ports.get(port)!)),
        )
      );
    },
    breaks: (objects) => specOf<NetworkPolicySpec>(find(objects, 'NetworkPolicy', 'api')).ingress!.pop(),
  },
  {
    name: `the PrometheusRules hold the groups of deploy/monitoring/rules, which promtool tests, file for file (${REGENERATE})`,
    appliesTo: (object) => object.kind === 'PrometheusRule',
    holds: (rule, objects) =>
      rulePaths().every((file) => findObject(objects, 'PrometheusRule', ruleName(file))) &&
      rulePaths().some(
        (file) => ruleName(file) === rule.metadata.name && isDeepStrictEqual(specOf<{ groups: unknown }>(rule).groups, groupsOf(file)),
      ),
    breaks: (objects) => {
      const groups = specOf<{ groups: { rules: { expr: string }[] }[] }>(find(objects, 'PrometheusRule', 'segmentia-objectives')).groups;
      groups[0]!.rules[0]!.expr = groups[0]!.rules[0]!.expr.replace('[5m]', '[7m]');
    },
  },
];

const failing = (invariant: Invariant, objects: KubeObject[]) =>
  objects.filter(invariant.appliesTo).flatMap((object) => (invariant.holds(object, objects) ? [] : [nameOf(object)]));

describe.each(['dev', 'production', 'production-managed-postgres'])('deploy/k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);

  it('renders objects that each fit their published schema', () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) expect(() => validateSchema(object)).not.toThrow();
  });

  it.each(INVARIANTS.map((invariant) => [invariant.name, invariant] as const))('%s', (_name, invariant) => {
    expect(failing(invariant, objects)).toEqual([]);
  });
});

describe('the checks, on production with one thing broken', () => {
  const production = renderOverlay('production');

  it('refuse an object outside its schema, or of a kind with none published', () => {
    const deployment = find(production, 'Deployment', 'segmentia-web');
    expect(() => validateSchema({ ...deployment, spec: { ...(deployment.spec as object), replicas: 'two' } })).toThrow('replicas');
    expect(() => validateSchema({ ...deployment, kind: 'Widget' })).toThrow('no published schema here');
  });

  it.each(INVARIANTS.map((invariant) => [invariant.name, invariant] as const))('%s: applies there, and fails', (_name, invariant) => {
    expect(production.filter(invariant.appliesTo).length).toBeGreaterThan(0);
    const objects = structuredClone(production);
    invariant.breaks(objects);
    expect(failing(invariant, objects)).not.toEqual([]);
  });
});

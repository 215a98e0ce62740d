import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { apiEnvironment, composeApiNames } from './api-environment';
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

const find = (objects: KubeObject[], kind: string, name: string) => findObject(objects, kind, name)!;
const podOf = (objects: KubeObject[], kind: string, name: string): IPodSpec => podTemplateOf(find(objects, kind, name));
const containerOf = (objects: KubeObject[], kind: string, name: string): IContainer => podOf(objects, kind, name).containers[0]!;
const podMetricsEndpoint = (objects: KubeObject[], name: string) =>
  (find(objects, 'PodMonitor', name).spec as { podMetricsEndpoints: Record<string, unknown>[] }).podMetricsEndpoints[0]!;
const monitoringPeer = (objects: KubeObject[], name: string) =>
  (find(objects, 'NetworkPolicy', name).spec as { ingress: { from: Record<string, unknown>[] }[] }).ingress[0]!.from[0]!;
const clusterSync = (objects: KubeObject[]) =>
  (find(objects, 'Cluster', 'segmentia-db').spec as { postgresql: { synchronous: Record<string, unknown> } }).postgresql.synchronous;

/** Each check, fed production's objects with one thing broken, names that thing. */
describe('the checks', () => {
  const production = renderOverlay('production');
  const broken = (change: (objects: KubeObject[]) => void) => {
    const objects = structuredClone(production);
    change(objects);
    return objects;
  };
  const remove = (objects: KubeObject[], kind: string, name: string) => objects.splice(objects.indexOf(find(objects, kind, name)), 1);
  const jobName = production.find(({ kind }) => kind === 'Job')!.metadata.name;

  it.each<{ name: string; rule: Rule; change: (objects: KubeObject[]) => void; problem: string }>([
    {
      name: 'a writable root file system',
      rule: restrictedContainers,
      change: (objects) => delete containerOf(objects, 'Deployment', 'segmentia-api').securityContext!.readOnlyRootFilesystem,
      problem: 'Deployment segmentia-api, container api: readOnlyRootFilesystem is not true',
    },
    {
      name: 'a user by name',
      rule: restrictedContainers,
      change: (objects) => Object.assign(podOf(objects, 'Deployment', 'segmentia-web').securityContext!, { runAsUser: 'web' }),
      problem: 'Deployment segmentia-web, container web: runAsUser is not a numeric uid other than 0',
    },
    {
      name: 'a capability kept',
      rule: restrictedContainers,
      change: (objects) => (containerOf(objects, 'Deployment', 'segmentia-valkey').securityContext!.capabilities = { add: ['NET_ADMIN'] }),
      problem: 'Deployment segmentia-valkey, container valkey: capabilities: not drop [ALL], or adds some',
    },
    {
      name: 'no seccomp profile',
      rule: restrictedContainers,
      change: (objects) => delete podOf(objects, 'Job', jobName).securityContext!.seccompProfile,
      problem: `Job ${jobName}, container migrate: seccompProfile is not RuntimeDefault`,
    },
    {
      name: 'no limits',
      rule: resourceBounds,
      change: (objects) => delete containerOf(objects, 'Job', jobName).resources!.limits,
      problem: `Job ${jobName}, container migrate: no cpu in limits`,
    },
    {
      name: 'no readiness probe',
      rule: probes,
      change: (objects) => delete containerOf(objects, 'Deployment', 'segmentia-web').readinessProbe,
      problem: 'Deployment segmentia-web, container web: no readinessProbe',
    },
    {
      name: 'the latest image',
      rule: pinnedImages,
      change: (objects) => (containerOf(objects, 'Deployment', 'segmentia-valkey').image = 'valkey/valkey:latest'),
      problem: 'Deployment segmentia-valkey, container valkey: image valkey/valkey:latest has no version',
    },
    {
      name: 'two replicas without a budget',
      rule: disruptionBudgets,
      change: (objects) => remove(objects, 'PodDisruptionBudget', 'segmentia-web'),
      problem: 'Deployment segmentia-web: runs 2 replicas and no PodDisruptionBudget selects them',
    },
    {
      name: 'a count the autoscaler owns',
      rule: disruptionBudgets,
      change: (objects) => Object.assign(find(objects, 'Deployment', 'segmentia-api').spec as object, { replicas: 2 }),
      problem: 'Deployment segmentia-api: sets replicas, which HorizontalPodAutoscaler segmentia-api owns',
    },
    {
      name: 'a default deny of ingress only',
      rule: defaultDeny,
      change: (objects) => ((find(objects, 'NetworkPolicy', 'default-deny').spec as { policyTypes: string[] }).policyTypes = ['Ingress']),
      problem: 'namespace segmentia: no NetworkPolicy denies all ingress and egress by default',
    },
    {
      name: 'a Secret with its value',
      rule: noSecretData,
      change: (objects) =>
        objects.push({
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'segmentia-api', namespace: 'segmentia' },
          stringData: { x: 'y' },
        }),
      problem: 'Secret segmentia-api: holds its values; give it by reference (created outside these manifests)',
    },
    {
      name: 'a new tag on the same Job',
      rule: migrationJobPerRelease,
      change: (objects) => (containerOf(objects, 'Job', jobName).image = 'registry.example/segmentia/migrate:9.9.9'),
      problem: `Job ${jobName}: not named segmentia-migrate-<its image's tag>`,
    },
    {
      name: 'an API setting compose does not have',
      rule: apiEnvironment(composeApiNames()),
      change: (objects) => containerOf(objects, 'Deployment', 'segmentia-api').env!.push({ name: 'GRAPHQL_IDE', value: 'true' }),
      problem: "Deployment segmentia-api: GRAPHQL_IDE is not in docker-compose.yml's x-api-environment",
    },
    {
      name: 'a compose setting the API lacks',
      rule: apiEnvironment(composeApiNames()),
      change: (objects) => delete (objects.find(({ kind }) => kind === 'ConfigMap')!.data as Record<string, string>).LEAD_RETENTION_MONTHS,
      problem: "Deployment segmentia-api: LEAD_RETENTION_MONTHS of docker-compose.yml's x-api-environment is missing",
    },
    {
      name: 'a five-field backup schedule',
      rule: cloudNativePg,
      change: (objects) => Object.assign(find(objects, 'ScheduledBackup', 'segmentia-db-daily').spec as object, { schedule: '0 3 * * *' }),
      problem: 'ScheduledBackup segmentia-db-daily: schedule "0 3 * * *" does not have six fields (seconds first)',
    },
    {
      name: 'the ObjectStore gone',
      rule: cloudNativePg,
      change: (objects) => remove(objects, 'ObjectStore', 'segmentia-backups'),
      problem: "Cluster segmentia-db: the barman-cloud plugin's ObjectStore segmentia-backups is missing",
    },
    {
      name: 'object storage keys written out',
      rule: cloudNativePg,
      change: (objects) =>
        Object.assign((find(objects, 'ObjectStore', 'segmentia-backups').spec as { configuration: object }).configuration, {
          s3Credentials: { accessKeyId: 'AKIA…', secretAccessKey: '…' },
        }),
      problem: 'ObjectStore segmentia-backups: s3Credentials are not Secret references (name and key)',
    },
    {
      name: 'WAL stored unencrypted',
      rule: cloudNativePg,
      change: (objects) =>
        delete (find(objects, 'ObjectStore', 'segmentia-backups').spec as { configuration: { wal: { encryption?: string } } }).configuration
          .wal.encryption,
      problem: 'ObjectStore segmentia-backups: wal.encryption is not AES256 or aws:kms',
    },
    {
      name: "the API's role made a superuser",
      rule: cloudNativePg,
      change: (objects) =>
        Object.assign((find(objects, 'Cluster', 'segmentia-db').spec as { managed: { roles: object[] } }).managed.roles[0]!, {
          superuser: true,
        }),
      problem: 'Cluster segmentia-db: managed role segmentia_api is not explicitly superuser: false',
    },
    {
      name: 'asynchronous replication',
      rule: synchronousReplication,
      change: (objects) =>
        delete (find(objects, 'Cluster', 'segmentia-db').spec as { postgresql: { synchronous?: object } }).postgresql.synchronous,
      problem: 'Cluster segmentia-db: replicates asynchronously: a primary lost takes its last acknowledged commits with it',
    },
    {
      name: 'durability preferred to availability',
      rule: synchronousReplication,
      change: (objects) => Object.assign(clusterSync(objects), { dataDurability: 'preferred' }),
      problem: 'Cluster segmentia-db: synchronous.dataDurability is preferred, not required: writes would go on unprotected',
    },
    {
      name: 'promotion without the quorum',
      rule: synchronousReplication,
      change: (objects) => delete clusterSync(objects).failoverQuorum,
      problem: 'Cluster segmentia-db: synchronous.failoverQuorum is not true: a standby without the last commits may be promoted',
    },
    {
      name: 'every standby synchronous',
      rule: synchronousReplication,
      change: (objects) => Object.assign(clusterSync(objects), { number: 2 }),
      problem: 'Cluster segmentia-db: synchronous.number 2 of 2 standbys: one standby lost would stop every write',
    },
    {
      name: "the API's metrics port closed to Prometheus",
      rule: scrapeTargets,
      change: (objects) => (find(objects, 'NetworkPolicy', 'api').spec as { ingress: unknown[] }).ingress.pop(),
      problem: 'PodMonitor segmentia-api: no NetworkPolicy lets Prometheus reach the pods of Deployment segmentia-api on 9464',
    },
    {
      name: "a PodMonitor that keeps the operator's job name",
      rule: scrapeTargets,
      change: (objects) => delete podMetricsEndpoint(objects, 'segmentia-web').relabelings,
      problem: 'PodMonitor segmentia-web: port metrics: no relabeling sets the job label',
    },
    {
      name: 'a PodMonitor on a port the pods do not have',
      rule: scrapeTargets,
      change: (objects) => (podMetricsEndpoint(objects, 'segmentia-api').port = 'http-metrics'),
      problem: 'PodMonitor segmentia-api: the pods of Deployment segmentia-api have no port named http-metrics',
    },
    {
      name: 'every pod of the monitoring namespace let in',
      rule: scrapeOnly,
      change: (objects) => delete monitoringPeer(objects, 'web-metrics').podSelector,
      problem: "NetworkPolicy web-metrics: lets pods of monitoring other than Prometheus's in",
    },
    {
      name: 'the monitoring namespace let in to every port',
      rule: scrapeOnly,
      change: (objects) =>
        delete (find(objects, 'NetworkPolicy', 'web-metrics').spec as { ingress: { ports?: unknown }[] }).ingress[0]!.ports,
      problem: 'NetworkPolicy web-metrics: lets monitoring reach every port',
    },
    {
      name: 'the monitoring namespace let in to a port other than metrics',
      rule: scrapeOnly,
      change: (objects) =>
        (find(objects, 'NetworkPolicy', 'web-metrics').spec as { ingress: { ports: { port: number }[] }[] }).ingress[0]!.ports.push({
          port: 8443,
        }),
      problem: 'NetworkPolicy web-metrics: lets monitoring reach port 8443, not the metrics port of every pod it selects',
    },
    {
      name: 'the BackendTLSPolicy gone',
      rule: gatewayApi,
      change: (objects) => remove(objects, 'BackendTLSPolicy', 'segmentia-web'),
      problem: 'HTTPRoute segmentia-web: backend segmentia-web:8443 speaks TLS and no BackendTLSPolicy covers it',
    },
  ])('fail on $name', ({ rule, change, problem }) => {
    expect(rule(production)).toEqual([]);
    expect(rule(broken(change))).toContain(problem);
  });

  it('find a Secret name mistyped', () => {
    const objects = broken(
      (objects) => (containerOf(objects, 'Deployment', 'segmentia-valkey').env![0]!.valueFrom!.secretKeyRef!.name = 'segmentia-valkee'),
    );
    expect(givenByTheInstallation(objects)).toContain('Secret segmentia-valkee');
  });
});

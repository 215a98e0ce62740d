/**
 * The objects no schema package describes (CloudNativePG's Cluster and ScheduledBackup, barman-cloud's ObjectStore)
 * or describes only in an older version (the Gateway API's BackendTLSPolicy v1): the fields these manifests rely
 * on, and the references between objects, which no schema checks. Rules as in policy.ts.
 */
import { nameOf, type Rule, workloads } from './policy';
import type { KubeObject } from './render';

export const BARMAN_CLOUD_PLUGIN = 'barman-cloud.cloudnative-pg.io';

interface SecretKeyRef {
  name: string;
  key: string;
}
interface ClusterSpec {
  instances?: unknown;
  imageName?: string;
  storage?: { size?: string };
  bootstrap?: { initdb?: { database?: string; owner?: string } };
  managed?: { roles?: { name?: string; login?: boolean; superuser?: boolean; passwordSecret?: { name?: string } }[] };
  plugins?: { name: string; isWALArchiver?: boolean; parameters?: Record<string, string> }[];
  minSyncReplicas?: number;
  maxSyncReplicas?: number;
  postgresql?: { synchronous?: { method?: string; number?: number; dataDurability?: string; failoverQuorum?: boolean } };
}
interface ObjectStoreSpec {
  retentionPolicy?: string;
  configuration?: {
    destinationPath?: string;
    serverName?: string;
    s3Credentials?: { accessKeyId?: SecretKeyRef; secretAccessKey?: SecretKeyRef; inheritFromIAMRole?: boolean };
    azureCredentials?: object;
    googleCredentials?: object;
    data?: { encryption?: string };
    wal?: { encryption?: string };
  };
}
interface ScheduledBackupSpec {
  schedule?: string;
  cluster?: { name?: string };
  method?: string;
  pluginConfiguration?: { name?: string };
}
interface ServicePort {
  name?: string;
  port: number;
}
interface HttpRouteSpec {
  parentRefs?: { name?: string; namespace?: string; sectionName?: string }[];
  rules?: { backendRefs?: { name: string; port?: number }[] }[];
}
interface BackendTlsPolicySpec {
  targetRefs?: { group: string; kind: string; name: string; sectionName?: string }[];
  validation?: { hostname?: string; caCertificateRefs?: { kind: string; name: string }[]; wellKnownCACertificates?: string };
}

const specOf = <T>(object: KubeObject) => (object.spec ?? {}) as T;
const find = (objects: KubeObject[], kind: string, name: string | undefined, namespace: string | undefined) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name && object.metadata.namespace === namespace);
const ofKind = (objects: KubeObject[], kind: string) => objects.filter((object) => object.kind === kind);
const isSecretKeyRef = (ref: unknown) => typeof (ref as SecretKeyRef)?.name === 'string' && typeof (ref as SecretKeyRef)?.key === 'string';

/** CloudNativePG and its barman-cloud plugin: what the database, its backups and its restores depend on. */
export const cloudNativePg: Rule = (objects) => {
  const problems: string[] = [];
  const report = (object: KubeObject, problem: string) => problems.push(`${nameOf(object)}: ${problem}`);
  for (const cluster of ofKind(objects, 'Cluster')) {
    const spec = specOf<ClusterSpec>(cluster);
    if (!Number.isInteger(spec.instances) || (spec.instances as number) < 1)
      report(cluster, 'instances is not a whole number of at least 1');
    // The operator reads PostgreSQL's major version from the tag.
    if (!/:\d+[\w.-]*$/.test(spec.imageName ?? '')) report(cluster, `imageName ${spec.imageName} has no PostgreSQL version as its tag`);
    if (!spec.storage?.size) report(cluster, 'no storage.size');
    // The application's Secret (<cluster>-app) is made for this database and owner.
    if (!spec.bootstrap?.initdb?.database || !spec.bootstrap.initdb.owner) report(cluster, 'no bootstrap.initdb database and owner');
    // A role the operator manages logs in with its own Secret, never as a superuser.
    for (const role of spec.managed?.roles ?? []) {
      if (!role.name || role.superuser !== false) report(cluster, `managed role ${role.name} is not explicitly superuser: false`);
      if (role.login && !role.passwordSecret?.name) report(cluster, `managed role ${role.name} logs in without a passwordSecret`);
    }
    const plugins = spec.plugins ?? [];
    for (const plugin of plugins.filter(({ name }) => name === BARMAN_CLOUD_PLUGIN)) {
      const store = plugin.parameters?.barmanObjectName;
      if (!find(objects, 'ObjectStore', store, cluster.metadata.namespace))
        report(cluster, `the barman-cloud plugin's ObjectStore ${store} is missing`);
    }
    if (plugins.length && plugins.filter(({ isWALArchiver }) => isWALArchiver).length !== 1)
      report(cluster, 'not exactly one plugin archives WAL');
  }
  for (const store of ofKind(objects, 'ObjectStore')) {
    const { configuration, retentionPolicy } = specOf<ObjectStoreSpec>(store);
    if (!/^(s3|gs|https):\/\/[^/]+/.test(configuration?.destinationPath ?? ''))
      report(store, 'destinationPath is not an s3://, gs:// or https:// URL');
    const s3 = configuration?.s3Credentials;
    const bySecret = s3 ? s3.inheritFromIAMRole === true || (isSecretKeyRef(s3.accessKeyId) && isSecretKeyRef(s3.secretAccessKey)) : true;
    if (!s3 && !configuration?.azureCredentials && !configuration?.googleCredentials) report(store, 'no credentials');
    if (!bySecret) report(store, 's3Credentials are not Secret references (name and key)');
    // The plugin refuses it: the server's name is the Cluster's plugin parameter.
    if (configuration?.serverName) report(store, 'configuration.serverName is set');
    // Backups hold every lead: encrypted at rest, data and WAL alike.
    for (const part of ['data', 'wal'] as const)
      if (!['AES256', 'aws:kms'].includes(configuration?.[part]?.encryption ?? ''))
        report(store, `${part}.encryption is not AES256 or aws:kms`);
    if (retentionPolicy !== undefined && !/^[1-9][0-9]*[dwm]$/.test(retentionPolicy))
      report(store, `retentionPolicy ${retentionPolicy} is not like 30d`);
  }
  for (const backup of ofKind(objects, 'ScheduledBackup')) {
    const spec = specOf<ScheduledBackupSpec>(backup);
    // CloudNativePG's schedules have six fields, seconds first.
    if (spec.schedule?.trim().split(/\s+/).length !== 6)
      report(backup, `schedule "${spec.schedule}" does not have six fields (seconds first)`);
    const cluster = find(objects, 'Cluster', spec.cluster?.name, backup.metadata.namespace);
    if (!cluster) report(backup, `its Cluster ${spec.cluster?.name} is missing`);
    if (spec.method !== 'plugin' || spec.pluginConfiguration?.name !== BARMAN_CLOUD_PLUGIN)
      report(backup, 'is not method plugin with barman-cloud');
    else if (cluster && !specOf<ClusterSpec>(cluster).plugins?.some(({ name }) => name === BARMAN_CLOUD_PLUGIN))
      report(backup, `its Cluster ${spec.cluster?.name} does not use the barman-cloud plugin`);
  }
  return problems;
};

/**
 * A Cluster of more than one instance replicates synchronously, the operator's current way (CloudNativePG 1.28 or
 * later): a commit returns once a standby has its WAL, writes wait rather than go on unprotected, a standby is
 * promoted only when it provably holds every acknowledged commit, and one standby more than the commits wait for, so a
 * standby lost blocks no write. One instance has no standby (the operator refuses the stanza there).
 */
export const synchronousReplication: Rule = (objects) =>
  ofKind(objects, 'Cluster').flatMap((cluster) => {
    const { instances, minSyncReplicas, maxSyncReplicas, postgresql } = specOf<ClusterSpec>(cluster);
    const sync = postgresql?.synchronous;
    const problems: string[] = [];
    if (minSyncReplicas !== undefined || maxSyncReplicas !== undefined)
      problems.push('minSyncReplicas/maxSyncReplicas: the deprecated way, which drops to asynchronous when standbys are lost');
    if (typeof instances !== 'number' || instances < 2) {
      if (sync) problems.push('synchronous replication with one instance, which the operator refuses');
    } else if (!sync) {
      problems.push('replicates asynchronously: a primary lost takes its last acknowledged commits with it');
    } else {
      if (!['any', 'first'].includes(sync.method ?? '')) problems.push(`synchronous.method ${sync.method} is not any or first`);
      if (!Number.isInteger(sync.number) || sync.number! < 1) problems.push('synchronous.number is not at least 1');
      else if (sync.number! > instances - 2)
        problems.push(`synchronous.number ${sync.number} of ${instances - 1} standbys: one standby lost would stop every write`);
      if (sync.dataDurability !== 'required')
        problems.push(`synchronous.dataDurability is ${sync.dataDurability}, not required: writes would go on unprotected`);
      if (sync.failoverQuorum !== true)
        problems.push('synchronous.failoverQuorum is not true: a standby without the last commits may be promoted');
    }
    return problems.map((problem) => `${nameOf(cluster)}: ${problem}`);
  });

const servicePort = (objects: KubeObject[], name: string, namespace: string | undefined, matches: (port: ServicePort) => boolean) =>
  (find(objects, 'Service', name, namespace)?.spec as { ports?: ServicePort[] } | undefined)?.ports?.find(matches);

/** Routes reach a Service port that exists; a port that speaks TLS only (named https) has a BackendTLSPolicy. */
export const gatewayApi: Rule = (objects) => {
  const problems: string[] = [];
  const report = (object: KubeObject, problem: string) => problems.push(`${nameOf(object)}: ${problem}`);
  const policies = ofKind(objects, 'BackendTLSPolicy');
  for (const route of ofKind(objects, 'HTTPRoute')) {
    const { parentRefs = [], rules = [] } = specOf<HttpRouteSpec>(route);
    // The Gateway is shared and lives elsewhere: named in full, listener included.
    if (!parentRefs.length || parentRefs.some((ref) => !ref.name || !ref.namespace || !ref.sectionName))
      report(route, 'a parentRef without name, namespace and sectionName');
    for (const { name, port: number } of rules.flatMap((rule) => rule.backendRefs ?? [])) {
      const port = servicePort(objects, name, route.metadata.namespace, (port) => port.port === number);
      if (!port) report(route, `backend ${name}:${number} is not a port of a Service`);
      const verified = policies.some(
        (policy) =>
          policy.metadata.namespace === route.metadata.namespace &&
          specOf<BackendTlsPolicySpec>(policy).targetRefs?.some(
            (ref) => ref.kind === 'Service' && ref.name === name && [undefined, port?.name].includes(ref.sectionName),
          ),
      );
      if (port?.name === 'https' && !verified) report(route, `backend ${name}:${number} speaks TLS and no BackendTLSPolicy covers it`);
    }
  }
  for (const policy of policies) {
    if (policy.apiVersion !== 'gateway.networking.k8s.io/v1') report(policy, `${policy.apiVersion}: the standard channel's version is v1`);
    const { targetRefs = [], validation } = specOf<BackendTlsPolicySpec>(policy);
    if (!targetRefs.length) report(policy, 'no targetRefs');
    for (const ref of targetRefs)
      if (
        ref.group !== '' ||
        ref.kind !== 'Service' ||
        !servicePort(objects, ref.name, policy.metadata.namespace, (port) => port.name === ref.sectionName)
      )
        report(policy, `target ${ref.kind} ${ref.name} port ${ref.sectionName} is not a named port of a Service`);
    if (!validation?.hostname) report(policy, 'no validation.hostname (the name the certificate must have)');
    const trusted = [validation?.caCertificateRefs?.length, validation?.wellKnownCACertificates].filter(Boolean);
    if (trusted.length !== 1) report(policy, 'needs exactly one of validation.caCertificateRefs and validation.wellKnownCACertificates');
  }
  return problems;
};

/** Secrets and ConfigMaps the objects refer to, with whether a missing one is allowed. */
function references(objects: KubeObject[]): { kind: 'Secret' | 'ConfigMap'; name: string; namespace?: string; optional: boolean }[] {
  const fromPods = workloads(objects).flatMap(({ owner, pod }) => {
    const namespace = owner.metadata.namespace;
    const containers = [...(pod.initContainers ?? []), ...pod.containers];
    return [
      ...containers.flatMap((container) => [
        ...(container.env ?? []).flatMap(({ valueFrom }) => [
          ...(valueFrom?.secretKeyRef ? [{ kind: 'Secret' as const, ...valueFrom.secretKeyRef }] : []),
          ...(valueFrom?.configMapKeyRef ? [{ kind: 'ConfigMap' as const, ...valueFrom.configMapKeyRef }] : []),
        ]),
        ...(container.envFrom ?? []).flatMap(({ secretRef, configMapRef }) => [
          ...(secretRef ? [{ kind: 'Secret' as const, ...secretRef }] : []),
          ...(configMapRef ? [{ kind: 'ConfigMap' as const, ...configMapRef }] : []),
        ]),
      ]),
      ...(pod.volumes ?? []).flatMap(({ secret, configMap }) => [
        ...(secret ? [{ kind: 'Secret' as const, name: secret.secretName, optional: secret.optional }] : []),
        ...(configMap ? [{ kind: 'ConfigMap' as const, name: configMap.name, optional: configMap.optional }] : []),
      ]),
    ].map(({ kind, name, optional }) => ({ kind, name: name ?? '', namespace, optional: optional === true }));
  });
  const fromStores = ofKind(objects, 'ObjectStore').flatMap((store) => {
    const s3 = specOf<ObjectStoreSpec>(store).configuration?.s3Credentials;
    return [s3?.accessKeyId, s3?.secretAccessKey]
      .filter(isSecretKeyRef)
      .map((ref) => ({ kind: 'Secret' as const, name: ref!.name, namespace: store.metadata.namespace, optional: false }));
  });
  const fromPolicies = ofKind(objects, 'BackendTLSPolicy').flatMap((policy) =>
    (specOf<BackendTlsPolicySpec>(policy).validation?.caCertificateRefs ?? []).map((ref) => ({
      kind: ref.kind as 'Secret' | 'ConfigMap',
      name: ref.name,
      namespace: policy.metadata.namespace,
      optional: false,
    })),
  );
  const fromClusters = ofKind(objects, 'Cluster').flatMap((cluster) =>
    (specOf<ClusterSpec>(cluster).managed?.roles ?? []).flatMap(({ passwordSecret }) =>
      passwordSecret?.name
        ? [{ kind: 'Secret' as const, name: passwordSecret.name, namespace: cluster.metadata.namespace, optional: false }]
        : [],
    ),
  );
  return [...fromPods, ...fromStores, ...fromPolicies, ...fromClusters];
}

/**
 * What the installation must give, as "Kind name" (sorted, once each): the Secrets and ConfigMaps referred to that
 * neither the manifests nor CloudNativePG (its <cluster>-app and <cluster>-ca Secrets) make. docs/kubernetes.md lists the same.
 */
export function givenByTheInstallation(objects: KubeObject[]): string[] {
  const made = (kind: string, name: string, namespace?: string) =>
    find(objects, kind, name, namespace) !== undefined ||
    (kind === 'Secret' && /-(app|ca)$/.test(name) && find(objects, 'Cluster', name.replace(/-(app|ca)$/, ''), namespace) !== undefined);
  const missing = references(objects).filter(({ kind, name, namespace, optional }) => !optional && !made(kind, name, namespace));
  return [...new Set(missing.map(({ kind, name }) => `${kind} ${name}`))].sort();
}

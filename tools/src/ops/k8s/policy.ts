/**
 * What every rendering of deploy/k8s must hold, beyond the schemas: each rule takes the rendered objects and
 * returns its problems, one line each ("Deployment segmentia-api: …"), none when the objects comply.
 * manifests.spec.ts runs every rule on every overlay; policy.spec.ts feeds each a broken object to see it fail.
 */
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import type { KubeObject } from './render';

export type Rule = (objects: KubeObject[]) => string[];

/** A pod template and what owns it. */
export interface Workload {
  owner: KubeObject;
  pod: IPodSpec;
  labels: Record<string, string>;
  /** Runs until stopped (a Deployment, StatefulSet or DaemonSet), rather than to completion (a Job). */
  longRunning: boolean;
}

interface Template {
  metadata?: { labels?: Record<string, string> };
  spec: IPodSpec;
}

const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

export const nameOf = (object: KubeObject) => `${object.kind} ${object.metadata.name}`;
const specOf = (object: KubeObject) => (object.spec ?? {}) as Record<string, unknown>;

export function workloads(objects: KubeObject[]): Workload[] {
  return objects.flatMap((owner) => {
    const spec = specOf(owner);
    const template =
      owner.kind === 'CronJob'
        ? ((spec.jobTemplate as { spec: { template: Template } }).spec.template as Template)
        : LONG_RUNNING.has(owner.kind) || owner.kind === 'Job'
          ? (spec.template as Template)
          : undefined;
    return template
      ? [{ owner, pod: template.spec, labels: template.metadata?.labels ?? {}, longRunning: LONG_RUNNING.has(owner.kind) }]
      : [];
  });
}

/** Each container, init containers included (`init`), named with its owner in the problems found in it. */
function eachContainer(objects: KubeObject[], check: (container: IContainer, workload: Workload, init: boolean) => string[]): string[] {
  return workloads(objects).flatMap((workload) =>
    [
      ...(workload.pod.initContainers ?? []).map((container) => [container, true] as const),
      ...workload.pod.containers.map((container) => [container, false] as const),
    ].flatMap(([container, init]) =>
      check(container, workload, init).map((problem) => `${nameOf(workload.owner)}, container ${container.name}: ${problem}`),
    ),
  );
}

const isUid = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The "restricted" Pod Security Standard, as this project writes it: each setting explicit, a numeric user and group. */
export const restrictedContainers: Rule = (objects) =>
  eachContainer(objects, (container, { pod }) => {
    const own = container.securityContext ?? {};
    const inherited = pod.securityContext ?? {};
    const problems: string[] = [];
    if ((own.runAsNonRoot ?? inherited.runAsNonRoot) !== true) problems.push('runAsNonRoot is not true');
    if (!isUid(own.runAsUser ?? inherited.runAsUser)) problems.push('runAsUser is not a numeric uid other than 0');
    if (!isUid(own.runAsGroup ?? inherited.runAsGroup)) problems.push('runAsGroup is not a numeric gid other than 0');
    if (own.readOnlyRootFilesystem !== true) problems.push('readOnlyRootFilesystem is not true');
    if (own.allowPrivilegeEscalation !== false) problems.push('allowPrivilegeEscalation is not false');
    if (own.privileged) problems.push('privileged');
    if (!own.capabilities?.drop?.includes('ALL') || own.capabilities.add?.length)
      problems.push('capabilities: not drop [ALL], or adds some');
    if ((own.seccompProfile ?? inherited.seccompProfile)?.type !== 'RuntimeDefault') problems.push('seccompProfile is not RuntimeDefault');
    return problems;
  });

/** CPU and memory, requested and limited, for every container: the scheduler places it, and it cannot starve a node. */
export const resourceBounds: Rule = (objects) =>
  eachContainer(objects, ({ resources }) =>
    (['requests', 'limits'] as const).flatMap((bound) =>
      ['cpu', 'memory'].filter((resource) => resources?.[bound]?.[resource] === undefined).map((resource) => `no ${resource} in ${bound}`),
    ),
  );

/** A long-running container says when it is alive and when it takes traffic. */
export const probes: Rule = (objects) =>
  eachContainer(objects, (container, { longRunning }, init) =>
    longRunning && !init
      ? (['livenessProbe', 'readinessProbe'] as const).filter((probe) => !container[probe]).map((probe) => `no ${probe}`)
      : [],
  );

/** Every image names its version: a tag other than latest, or a digest. */
export const pinnedImages: Rule = (objects) =>
  eachContainer(objects, ({ image }) =>
    /(:[\w][\w.-]*|@sha256:[0-9a-f]{64})$/.test(image ?? '') && !image!.endsWith(':latest') ? [] : [`image ${image} has no version`],
  );

const matches = (selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>) =>
  selector?.matchLabels !== undefined && Object.entries(selector.matchLabels).every(([key, value]) => labels[key] === value);

interface Autoscaler {
  scaleTargetRef: { kind: string; name: string };
  minReplicas?: number;
}
const autoscalerOf = (objects: KubeObject[], owner: KubeObject) =>
  objects.find(
    (object) =>
      object.kind === 'HorizontalPodAutoscaler' &&
      object.metadata.namespace === owner.metadata.namespace &&
      (object.spec as Autoscaler).scaleTargetRef.kind === owner.kind &&
      (object.spec as Autoscaler).scaleTargetRef.name === owner.metadata.name,
  );

/**
 * More than one replica (its own count, or its autoscaler's minimum) needs a PodDisruptionBudget, or a node drain
 * may stop them all at once. A workload an autoscaler scales leaves the count to it.
 */
export const disruptionBudgets: Rule = (objects) =>
  workloads(objects)
    .filter(({ longRunning }) => longRunning)
    .flatMap(({ owner, labels }) => {
      const autoscaler = autoscalerOf(objects, owner);
      const replicas = specOf(owner).replicas as number | undefined;
      const problems: string[] = [];
      if (autoscaler && replicas !== undefined) problems.push(`sets replicas, which ${nameOf(autoscaler)} owns`);
      const count = autoscaler ? ((autoscaler.spec as Autoscaler).minReplicas ?? 1) : (replicas ?? 1);
      const budget = objects.find(
        (object) =>
          object.kind === 'PodDisruptionBudget' &&
          object.metadata.namespace === owner.metadata.namespace &&
          matches((object.spec as { selector?: { matchLabels?: Record<string, string> } }).selector, labels),
      );
      if (count > 1 && !budget) problems.push(`runs ${count} replicas and no PodDisruptionBudget selects them`);
      return problems.map((problem) => `${nameOf(owner)}: ${problem}`);
    });

interface NetworkPolicySpec {
  podSelector: { matchLabels?: object; matchExpressions?: unknown[] };
  policyTypes?: string[];
  ingress?: unknown[];
  egress?: unknown[];
}

/** Every namespace has a policy that selects all its pods and allows nothing, in and out: what is not allowed is denied. */
export const defaultDeny: Rule = (objects) => {
  const namespaces = new Set(
    objects.flatMap((object) =>
      object.kind === 'Namespace' ? [object.metadata.name] : object.metadata.namespace ? [object.metadata.namespace] : [],
    ),
  );
  return [...namespaces]
    .filter(
      (namespace) =>
        !objects.some((object) => {
          if (object.kind !== 'NetworkPolicy' || object.metadata.namespace !== namespace) return false;
          const spec = object.spec as NetworkPolicySpec;
          const everyPod = !Object.keys(spec.podSelector.matchLabels ?? {}).length && !spec.podSelector.matchExpressions?.length;
          const both = ['Ingress', 'Egress'].every((type) => spec.policyTypes?.includes(type));
          return everyPod && both && !spec.ingress?.length && !spec.egress?.length;
        }),
    )
    .map((namespace) => `namespace ${namespace}: no NetworkPolicy denies all ingress and egress by default`);
};

/** A Secret's values never live in the manifests (the dev overlay's throwaway ones aside: its test allows them). */
export const noSecretData: Rule = (objects) =>
  objects
    .filter((object) => object.kind === 'Secret' && (Object.keys(object.data ?? {}).length || Object.keys(object.stringData ?? {}).length))
    .map((object) => `${nameOf(object)}: holds its values; give it by reference (created outside these manifests)`);

/**
 * A Job's pod template cannot change, so the migration Job is one per release: its name ends with its image's tag.
 */
export const migrationJobPerRelease: Rule = (objects) =>
  workloads(objects)
    .filter(({ owner, labels }) => owner.kind === 'Job' && labels['app.kubernetes.io/component'] === 'migration')
    .flatMap(({ owner, pod }) => {
      const tag = /:([\w][\w.-]*)$/.exec(pod.containers[0]!.image ?? '')?.[1];
      return tag && owner.metadata.name === `segmentia-migrate-${tag}`
        ? []
        : [`${nameOf(owner)}: not named segmentia-migrate-<its image's tag>`];
    });

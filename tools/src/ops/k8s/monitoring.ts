/**
 * What Prometheus scrapes on Kubernetes (components/monitoring's PodMonitors), checked against the pods and the
 * network policies: each PodMonitor finds pods with the port it names and sets the `job` the rules select by, a
 * policy lets Prometheus reach that port, and a policy that lets the monitoring namespace in lets in Prometheus's
 * pods alone, to metrics ports alone. Rules as in policy.ts.
 */
import { nameOf, type Rule, workloads } from './policy';
import type { KubeObject } from './render';

/** Where the cluster's Prometheus runs, and the label the Prometheus Operator gives its pods. */
export const MONITORING_NAMESPACE = 'monitoring';
export const PROMETHEUS_POD_LABELS = { 'app.kubernetes.io/name': 'prometheus' };
/** CloudNativePG's instances: the labels the operator gives them, and their exporter's port. */
export const CNPG_METRICS_PORT = 9187;

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** Kubernetes' label selector: every label and every expression must hold (an empty selector selects everything). */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      if (operator === 'Exists') return key in labels;
      if (operator === 'DoesNotExist') return !(key in labels);
      if (operator === 'In') return key in labels && values.includes(labels[key]!);
      return operator === 'NotIn' && !(key in labels && values.includes(labels[key]!));
    })
  );
}

/** Pods as these manifests make them (a workload's template), or as CloudNativePG makes each Cluster's instances. */
interface Pods {
  name: string;
  namespace?: string;
  labels: Record<string, string>;
  /** Named container ports. */
  ports: Map<string, number>;
}

function podsOf(objects: KubeObject[]): Pods[] {
  const fromWorkloads = workloads(objects).map(({ owner, pod, labels }) => ({
    name: `the pods of ${nameOf(owner)}`,
    namespace: owner.metadata.namespace,
    labels,
    ports: new Map(
      pod.containers.flatMap(({ ports = [] }) => ports.flatMap(({ name, containerPort }) => (name ? [[name, containerPort]] : []))),
    ),
  }));
  const instances = objects
    .filter(({ kind }) => kind === 'Cluster')
    .map((cluster) => ({
      name: `the instances of ${nameOf(cluster)}`,
      namespace: cluster.metadata.namespace,
      labels: { 'cnpg.io/cluster': cluster.metadata.name, 'cnpg.io/podRole': 'instance' },
      ports: new Map([
        ['postgresql', 5432],
        ['metrics', CNPG_METRICS_PORT],
      ]),
    }));
  return [...fromWorkloads, ...instances];
}

interface PodMonitorSpec {
  selector?: LabelSelector;
  podMetricsEndpoints?: { port?: string; relabelings?: { targetLabel?: string; replacement?: string; sourceLabels?: string[] }[] }[];
}
interface Peer {
  namespaceSelector?: LabelSelector;
  podSelector?: LabelSelector;
  ipBlock?: object;
}
interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: { from?: Peer[]; ports?: { port?: number | string }[] }[];
}

const policiesOf = (objects: KubeObject[], namespace: string | undefined) =>
  objects.filter(({ kind, metadata }) => kind === 'NetworkPolicy' && metadata.namespace === namespace);
const namesMonitoring = (peer: Peer) => selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE });
const admitsPrometheus = (peer: Peer) => namesMonitoring(peer) && (!peer.podSelector || selects(peer.podSelector, PROMETHEUS_POD_LABELS));
const portMatches = (pods: Pods, allowed: number | string | undefined, port: number) =>
  allowed === port || (typeof allowed === 'string' && pods.ports.get(allowed) === port);

/** The job label an endpoint sets with a constant (the one the rules select by); undefined when it sets none. */
export const jobOf = (endpoint: NonNullable<PodMonitorSpec['podMetricsEndpoints']>[number]) =>
  endpoint.relabelings?.find(({ targetLabel, sourceLabels }) => targetLabel === 'job' && !sourceLabels?.length)?.replacement;

/** Each PodMonitor finds pods, their port by the name it gives, a job label, and a policy that lets Prometheus reach the port. */
export const scrapeTargets: Rule = (objects) => {
  const pods = podsOf(objects);
  return objects
    .filter(({ kind }) => kind === 'PodMonitor')
    .flatMap((monitor) => {
      const { selector, podMetricsEndpoints = [] } = (monitor.spec ?? {}) as PodMonitorSpec;
      const targets = pods.filter(({ namespace, labels }) => namespace === monitor.metadata.namespace && selects(selector, labels));
      if (!targets.length) return [`${nameOf(monitor)}: selects no pods of these manifests`];
      if (!podMetricsEndpoints.length) return [`${nameOf(monitor)}: no podMetricsEndpoints`];
      return podMetricsEndpoints.flatMap((endpoint) => {
        const problems = jobOf(endpoint) ? [] : [`port ${endpoint.port}: no relabeling sets the job label`];
        for (const target of targets) {
          const port = target.ports.get(endpoint.port ?? '');
          if (port === undefined) problems.push(`${target.name} have no port named ${endpoint.port}`);
          else {
            const allowed = policiesOf(objects, target.namespace).some((policy) => {
              const spec = policy.spec as NetworkPolicySpec;
              return (
                selects(spec.podSelector, target.labels) &&
                (spec.ingress ?? []).some(
                  ({ from = [], ports }) =>
                    from.some(admitsPrometheus) && (!ports?.length || ports.some((allowed) => portMatches(target, allowed.port, port))),
                )
              );
            });
            if (!allowed) problems.push(`no NetworkPolicy lets Prometheus reach ${target.name} on ${port}`);
          }
        }
        return problems.map((problem) => `${nameOf(monitor)}: ${problem}`);
      });
    });
};

/** A policy that lets the monitoring namespace in names Prometheus's pods, and metrics ports of the pods it selects. */
export const scrapeOnly: Rule = (objects) => {
  const pods = podsOf(objects);
  return objects
    .filter(({ kind }) => kind === 'NetworkPolicy')
    .flatMap((policy) => {
      const spec = policy.spec as NetworkPolicySpec;
      const selected = pods.filter(({ namespace, labels }) => namespace === policy.metadata.namespace && selects(spec.podSelector, labels));
      return (spec.ingress ?? [])
        .filter(({ from = [] }) => from.some(namesMonitoring))
        .flatMap(({ from = [], ports = [] }) => {
          const problems: string[] = [];
          if (from.some((peer) => namesMonitoring(peer) && !selects(peer.podSelector, PROMETHEUS_POD_LABELS)))
            problems.push(`lets pods of ${MONITORING_NAMESPACE} other than Prometheus's in`);
          if (!ports.length) problems.push(`lets ${MONITORING_NAMESPACE} reach every port`);
          const isMetrics = (pods: Pods, port: number | string | undefined) =>
            pods.ports.has('metrics') && portMatches(pods, port, pods.ports.get('metrics')!);
          for (const { port } of ports)
            if (!selected.length || !selected.every((pods) => isMetrics(pods, port)))
              problems.push(`lets ${MONITORING_NAMESPACE} reach port ${port}, not the metrics port of every pod it selects`);
          return problems.map((problem) => `${nameOf(policy)}: ${problem}`);
        });
    });
};

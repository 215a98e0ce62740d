/**
 * What an operator would be told: during a drill's fault, the alert of deploy/monitoring/rules that names it fires
 * once its `for` has passed (not before, and at most a few scrapes later), and resolves once the fault is over.
 */
import type { ActiveAlert, Prometheus } from '../stack/prometheus';
import { type Verdict, waitUntil } from './setup';

/** When a drill's fault began, its alert went pending, the fault ended and the alert resolved, in ms since the epoch. */
export interface AlertTimes {
  faultAt: number;
  pendingAt?: number;
  clearedAt?: number;
  resolvedAt?: number;
}

/** Scrapes and evaluations between a fault and its alert's pending state, and between the end and its resolution. */
const DETECTION_SECONDS = 15;

/** What the checks read of the drill's Prometheus: each alert's `for` as it evaluates it. */
type Alerting = Pick<Prometheus, 'forSeconds'>;

/** The longest a drill waits for an alert to fire, from its fault. */
export const alertDeadlineSeconds = (prometheus: Alerting, name: string) => prometheus.forSeconds(name) + DETECTION_SECONDS;

const matches = (alert: ActiveAlert, name: string, labels: Record<string, string>) =>
  alert.labels.alertname === name && Object.entries(labels).every(([key, value]) => alert.labels[key] === value);

const describeAlert = (name: string, labels: Record<string, string>) =>
  `${name}${Object.keys(labels).length ? `{${Object.entries(labels).map(([key, value]) => `${key}="${value}"`)}}` : ''}`;

/**
 * The fault's alert once it fires: when it went pending (Prometheus' activeAt; it fires its `for` later), in ms since
 * the epoch; undefined when it had not fired by its deadline. A fault may have begun long before it is looked at.
 */
export async function awaitFiring(
  prometheus: Prometheus,
  name: string,
  labels: Record<string, string>,
  faultAt: number,
): Promise<number | undefined> {
  let activeAt: string | undefined;
  const firing = async () => {
    const alerts = await prometheus.alerts();
    activeAt = alerts.find((alert) => alert.state === 'firing' && matches(alert, name, labels))?.activeAt;
    return activeAt !== undefined;
  };
  const left = faultAt + alertDeadlineSeconds(prometheus, name) * 1000 - Date.now();
  return (await waitUntil(firing, Math.max(left, 0))) === undefined ? undefined : Date.parse(activeAt!);
}

/** When no alert of that name and labels was active any more, or undefined after DETECTION_SECONDS and more. */
export async function awaitResolved(prometheus: Prometheus, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const resolved = async () => !(await prometheus.alerts()).some((alert) => matches(alert, name, labels));
  return (await waitUntil(resolved, DETECTION_SECONDS * 2000)) === undefined ? undefined : Date.now();
}

/**
 * An alert's part of a drill's verdict and figures: pending once the fault began (not before: it would have fired
 * for something else) and within DETECTION_SECONDS, so firing within its `for` and that; resolved after the fault.
 */
export function alertVerdict(prometheus: Alerting, name: string, labels: Record<string, string>, times: AlertTimes): Verdict {
  const forSeconds = prometheus.forSeconds(name);
  const { faultAt, pendingAt, clearedAt, resolvedAt } = times;
  const pending = pendingAt === undefined ? undefined : (pendingAt - faultAt) / 1000;
  const fired = pending === undefined ? undefined : pending + forSeconds;
  const resolved = resolvedAt === undefined || clearedAt === undefined ? undefined : (resolvedAt - clearedAt) / 1000;
  // Prometheus' activeAt is its evaluation's time: up to a second before the drill's clock saw the fault begin.
  const ok = pending !== undefined && pending >= -1 && pending <= DETECTION_SECONDS && resolved !== undefined;
  return {
    ok,
    figures:
      `alert ${describeAlert(name, labels)} ` +
      (fired === undefined
        ? `did not fire within ${forSeconds + DETECTION_SECONDS} s`
        : `pending ${pending!.toFixed(1)} s in, firing ${fired.toFixed(1)} s in (for: ${forSeconds} s)`) +
      (resolved === undefined ? ', not resolved after' : `, resolved ${resolved.toFixed(1)} s after`),
  };
}

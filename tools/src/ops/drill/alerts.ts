/**
 * What an operator would be told: during a drill's fault, the alert of deploy/monitoring/rules that names it fires
 * once its `for` has passed (not before, and at most a few scrapes later), and resolves once the fault is over.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { type ActiveAlert, type Monitoring, RULES_DIR, ruleFiles } from '../production/monitoring';
import { waitUntil } from './setup';

/** Scrapes and evaluations between a fault and its alert's pending state, and between the end and its resolution. */
const DETECTION_SECONDS = 15;

interface RuleFile {
  groups: { rules: { alert?: string; for?: string }[] }[];
}

const SECONDS = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 } as const;
/** A Prometheus duration ("1m", "90s", "1h30m") in seconds. */
export function durationSeconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+)(ms|s|m|h|d)/g)];
  if (!parts.length || parts.map((part) => part[0]).join('') !== duration) throw new Error(`Not a Prometheus duration: "${duration}"`);
  return parts.reduce((sum, [, count, unit]) => sum + Number(count) * SECONDS[unit as keyof typeof SECONDS], 0);
}

/** The `for` of an alert of the rule files, in seconds. */
export function alertForSeconds(name: string): number {
  for (const file of ruleFiles()) {
    const rules = (parse(readFileSync(path.join(RULES_DIR, file), 'utf8')) as RuleFile).groups.flatMap((group) => group.rules);
    const rule = rules.find((candidate) => candidate.alert === name);
    if (rule) return rule.for ? durationSeconds(rule.for) : 0;
  }
  throw new Error(`No alert ${name} in deploy/monitoring/rules`);
}

/** The longest a drill waits for an alert to fire, from its fault. */
export const alertDeadlineSeconds = (name: string) => alertForSeconds(name) + DETECTION_SECONDS;

const matches = (alert: ActiveAlert, name: string, labels: Record<string, string>) =>
  alert.labels.alertname === name && Object.entries(labels).every(([key, value]) => alert.labels[key] === value);

const describeAlert = (name: string, labels: Record<string, string>) =>
  `${name}${Object.keys(labels).length ? `{${Object.entries(labels).map(([key, value]) => `${key}="${value}"`)}}` : ''}`;

/**
 * The fault's alert once it fires: when it went pending (Prometheus' activeAt; it fires its `for` later), in ms since
 * the epoch; undefined when it had not fired by its deadline. A fault may have begun long before it is looked at.
 */
export async function awaitFiring(
  monitoring: Monitoring,
  name: string,
  labels: Record<string, string>,
  faultAt: number,
): Promise<number | undefined> {
  let activeAt: string | undefined;
  const firing = async () => {
    const alerts = await monitoring.alerts();
    activeAt = alerts.find((alert) => alert.state === 'firing' && matches(alert, name, labels))?.activeAt;
    return activeAt !== undefined;
  };
  const left = faultAt + alertDeadlineSeconds(name) * 1000 - Date.now();
  return (await waitUntil(firing, Math.max(left, 0))) === undefined ? undefined : Date.parse(activeAt!);
}

/** When no alert of that name and labels was active any more, or undefined after DETECTION_SECONDS and more. */
export async function awaitResolved(monitoring: Monitoring, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const resolved = async () => !(await monitoring.alerts()).some((alert) => matches(alert, name, labels));
  return (await waitUntil(resolved, DETECTION_SECONDS * 2000)) === undefined ? undefined : Date.now();
}

/**
 * An alert's part of a drill's verdict and figures: pending once the fault began (not before: it would have fired
 * for something else) and within DETECTION_SECONDS, so firing within its `for` and that; resolved after the fault.
 */
export function alertVerdict(
  name: string,
  labels: Record<string, string>,
  times: { faultAt: number; pendingAt?: number; clearedAt?: number; resolvedAt?: number },
): { ok: boolean; figures: string } {
  const forSeconds = alertForSeconds(name);
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

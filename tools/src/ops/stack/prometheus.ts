/**
 * The stack's Prometheus as the checks read it: its alerts, and the rule files (deploy/monitoring/rules) with each
 * alert's `for` shortened for the drill, whose faults prove that each alert's expression sees its fault; promtool's
 * tests (deploy/monitoring/tests) prove each `for`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from '../../common/paths';

export const MONITORING_DIR = path.join(REPO_ROOT, 'deploy', 'monitoring');
const RULES_DIR = path.join(MONITORING_DIR, 'rules');

interface RuleFile {
  groups: { rules: { alert?: string; for?: string }[] }[];
}
const ruleFiles = () => readdirSync(RULES_DIR).filter((file) => file.endsWith('.yaml'));
const readRules = (file: string) => parse(readFileSync(path.join(RULES_DIR, file), 'utf8')) as RuleFile;

const SECONDS = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400 } as const;
/** A Prometheus duration ("1m", "90s", "1h30m") in seconds. */
export function durationSeconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+)(ms|s|m|h|d)/g)];
  if (!parts.length || parts.map((part) => part[0]).join('') !== duration) throw new Error(`Not a Prometheus duration: "${duration}"`);
  return parts.reduce((sum, [, count, unit]) => sum + Number(count) * SECONDS[unit as keyof typeof SECONDS], 0);
}

/** An alert as Prometheus' /api/v1/alerts gives it. */
export interface ActiveAlert {
  labels: Record<string, string> & { alertname: string };
  state: 'pending' | 'firing';
  activeAt: string;
}

export class Prometheus {
  constructor(
    readonly url: string,
    /** The longest `for` this Prometheus evaluates, when its rule files were shortened (writeDrillMonitoring). */
    private readonly maxForSeconds?: number,
  ) {}

  /** The `for` of an alert as this Prometheus evaluates it, in seconds. */
  forSeconds(name: string): number {
    const rule = ruleFiles()
      .flatMap((file) => readRules(file).groups.flatMap((group) => group.rules))
      .find((candidate) => candidate.alert === name);
    if (!rule) throw new Error(`No alert ${name} in deploy/monitoring/rules`);
    const own = rule.for ? durationSeconds(rule.for) : 0;
    return Math.min(own, this.maxForSeconds ?? own);
  }

  /** The alerts pending or firing now. */
  async alerts(): Promise<ActiveAlert[]> {
    const response = await fetch(`${this.url}/api/v1/alerts`);
    const body = (await response.json()) as { status: string; data: { alerts: ActiveAlert[] }; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus /api/v1/alerts: ${body.error ?? response.status}`);
    return body.data.alerts;
  }
}

/**
 * In `folder`: prometheus.yml scraping every `scrapeSeconds` and evaluating every `evaluationSeconds`, and rules/ with
 * each alert's `for` at most `maxForSeconds`: the stack's PROMETHEUS_CONFIG and MONITORING_RULES_DIR for a check.
 */
export function writeDrillMonitoring(folder: string, { scrapeSeconds = 3, evaluationSeconds = 1, maxForSeconds = 10 } = {}) {
  const rulesDir = path.join(folder, 'rules');
  mkdirSync(rulesDir, { recursive: true });
  for (const file of ruleFiles()) {
    const rules = readRules(file);
    for (const rule of rules.groups.flatMap((group) => group.rules)) {
      if (rule.alert && rule.for && durationSeconds(rule.for) > maxForSeconds) rule.for = `${maxForSeconds}s`;
    }
    writeFileSync(path.join(rulesDir, file), stringify(rules));
  }
  const config = parse(readFileSync(path.join(MONITORING_DIR, 'prometheus.yml'), 'utf8')) as { global: Record<string, string> };
  config.global = {
    scrape_interval: `${scrapeSeconds}s`,
    scrape_timeout: `${scrapeSeconds}s`,
    evaluation_interval: `${evaluationSeconds}s`,
  };
  const configFile = path.join(folder, 'prometheus.yml');
  writeFileSync(configFile, stringify(config));
  return { PROMETHEUS_CONFIG: configFile, MONITORING_RULES_DIR: rulesDir, maxForSeconds };
}

/**
 * Prometheus beside the production topology, with Debian's exporters: it scrapes every API replica's metrics, nginx
 * (nginx-prometheus-exporter reading stub_status), PostgreSQL (postgres_exporter) and Redis (redis_exporter), and
 * evaluates deploy/monitoring/rules, the files Kubernetes' PrometheusRule is made from. The `job` labels are the ones
 * the rules name. `npm run prod` scrapes every 15 s; the drill every 3 s (PostgreSQL's exporter takes over a second to
 * say the database is down) and evaluates every second, so that an alert's `for` is most of what it waits.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { launch, type Managed, waitFor } from '../../common/managed-process';
import { REPO_ROOT } from '../../common/paths';
import type { PortUse } from '../../common/ports';
import type { Command } from '../../common/debian-packages';
import { NGINX_STATUS_PATH } from './nginx';

export const RULES_DIR = path.join(REPO_ROOT, 'deploy', 'monitoring', 'rules');

/** Debian's packages it runs (tools/src/common/debian-packages.ts). */
export const MONITORING_COMMANDS = [
  'prometheus',
  'prometheus-nginx-exporter',
  'prometheus-postgres-exporter',
  'prometheus-redis-exporter',
] as const satisfies Command[];

/** Prometheus on `base`, nginx's counters and the three exporters on the next four ports; all on the loopback. */
export const monitoringPorts = (base: number) => ({
  prometheus: base,
  nginxStatus: base + 1,
  nginxExporter: base + 2,
  postgresExporter: base + 3,
  redisExporter: base + 4,
});
export type MonitoringPorts = ReturnType<typeof monitoringPorts>;

export interface MonitoringOptions {
  ports: MonitoringPorts;
  /** How often Prometheus scrapes (each scrape may take as long) and evaluates its rules. */
  scrapeSeconds: number;
  evaluationSeconds: number;
  /**
   * The longest `for` of any alert, when set: Prometheus evaluates copies of the rule files with it. The drill's, whose
   * faults prove that each alert's expression sees its fault; promtool's tests (deploy/monitoring/tests) prove each `for`.
   */
  maxAlertForSeconds?: number;
  /** Prometheus' data (kept across starts: `npm run prod`'s history) and configuration. */
  dir: string;
  logDir: string;
}

/** What the exporters read: the API replicas' metrics ports, PostgreSQL's URL, Redis's address and password. */
export interface MonitoringTargets {
  apiMetricsPorts: number[];
  databaseUrl: string;
  redisUrl: string;
}

/** An alert as Prometheus' /api/v1/alerts gives it. */
export interface ActiveAlert {
  labels: Record<string, string> & { alertname: string };
  state: 'pending' | 'firing';
  activeAt: string;
}

export class Monitoring {
  readonly url: string;
  private readonly processes: Managed[] = [];

  constructor(private readonly options: MonitoringOptions) {
    this.url = `http://127.0.0.1:${options.ports.prometheus}`;
  }

  /** The ports it takes, for the topology's check that they are free. */
  portUses(variable: string): PortUse[] {
    return Object.values(this.options.ports).map((port) => ({ port, variable, host: '127.0.0.1' }));
  }

  get nginxStatusPort(): number {
    return this.options.ports.nginxStatus;
  }

  async start(targets: MonitoringTargets): Promise<void> {
    const { ports, dir, logDir } = this.options;
    mkdirSync(path.join(dir, 'data'), { recursive: true });
    const database = new URL(targets.databaseUrl);
    if (!database.searchParams.has('sslmode')) database.searchParams.set('sslmode', 'disable');
    const redis = new URL(targets.redisUrl);
    // Passwords in the environment, not on a command line every local user can read.
    const redisPassword = decodeURIComponent(redis.password);
    redis.password = '';
    const exporters: [string, string, string[], NodeJS.ProcessEnv][] = [
      [
        'nginx exporter',
        'prometheus-nginx-exporter',
        [
          `-nginx.scrape-uri=http://127.0.0.1:${ports.nginxStatus}${NGINX_STATUS_PATH}`,
          `-web.listen-address=127.0.0.1:${ports.nginxExporter}`,
        ],
        {},
      ],
      [
        'PostgreSQL exporter',
        'prometheus-postgres-exporter',
        [`--web.listen-address=127.0.0.1:${ports.postgresExporter}`],
        { DATA_SOURCE_NAME: database.toString() },
      ],
      [
        'Redis exporter',
        'prometheus-redis-exporter',
        [`-redis.addr=${redis.toString()}`, `-web.listen-address=127.0.0.1:${ports.redisExporter}`],
        { REDIS_PASSWORD: redisPassword },
      ],
    ];
    const exporterPorts = [ports.nginxExporter, ports.postgresExporter, ports.redisExporter];
    await Promise.all(
      exporters.map(([name, command, args, env], index) => {
        const exporter = launch(name, command, args, path.join(logDir, `${command.replace('prometheus-', '')}.log`), {
          PATH: process.env.PATH,
          ...env,
        });
        this.processes.push(exporter);
        const metrics = `http://127.0.0.1:${exporterPorts[index]}/metrics`;
        return waitFor(name, async () => (await fetch(metrics)).ok, 15_000, exporter);
      }),
    );
    const config = path.join(dir, 'prometheus.yml');
    writeFileSync(config, stringify(this.config(targets, this.ruleFiles())));
    const prometheus = launch(
      'Prometheus',
      'prometheus',
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${ports.prometheus}`,
        '--storage.tsdb.retention.time=15d',
      ],
      path.join(logDir, 'prometheus.log'),
    );
    this.processes.push(prometheus);
    await waitFor('Prometheus', async () => (await fetch(`${this.url}/-/ready`)).ok, 30_000, prometheus);
    // Every rule file loaded: a file Prometheus refused leaves its alerts unevaluated, silently.
    const groups = await this.api<{ groups: { file: string }[] }>('/api/v1/rules');
    const loaded = new Set(groups.groups.map((group) => path.basename(group.file)));
    const missing = ruleFiles().filter((file) => !loaded.has(file));
    if (missing.length) throw new Error(`Prometheus did not load ${missing.join(', ')} (${path.join(logDir, 'prometheus.log')})`);
  }

  /** The `for` of an alert as this Prometheus evaluates it, in seconds. */
  forSeconds(name: string): number {
    const own = alertForSeconds(name);
    return Math.min(own, this.options.maxAlertForSeconds ?? own);
  }

  /** The rule files' paths, or copies of them with each `for` at most maxAlertForSeconds. */
  private ruleFiles(): string[] {
    const max = this.options.maxAlertForSeconds;
    if (max === undefined) return ruleFiles().map((file) => path.join(RULES_DIR, file));
    return writeRuleFiles(path.join(this.options.dir, 'rules'), max);
  }

  private config(targets: MonitoringTargets, rules: string[]) {
    const { ports, scrapeSeconds, evaluationSeconds } = this.options;
    const job = (name: string, addresses: string[]) => ({ job_name: name, static_configs: [{ targets: addresses }] });
    return {
      global: {
        scrape_interval: `${scrapeSeconds}s`,
        scrape_timeout: `${scrapeSeconds}s`,
        evaluation_interval: `${evaluationSeconds}s`,
      },
      rule_files: rules,
      scrape_configs: [
        job(
          'segmentia-api',
          targets.apiMetricsPorts.map((port) => `127.0.0.1:${port}`),
        ),
        job('nginx', [`127.0.0.1:${ports.nginxExporter}`]),
        job('postgres', [`127.0.0.1:${ports.postgresExporter}`]),
        job('redis', [`127.0.0.1:${ports.redisExporter}`]),
      ],
    };
  }

  private async api<T>(route: string): Promise<T> {
    const response = await fetch(`${this.url}${route}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${route}: ${body.error ?? response.status}`);
    return body.data;
  }

  /** The alerts pending or firing now. */
  async alerts(): Promise<ActiveAlert[]> {
    return (await this.api<{ alerts: ActiveAlert[] }>('/api/v1/alerts')).alerts;
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.splice(0).map((managed) => managed.stop('SIGTERM')));
  }
}

/** The rule files' names in deploy/monitoring/rules. */
export const ruleFiles = () =>
  readdirSync(RULES_DIR)
    .filter((file) => file.endsWith('.rules.yaml'))
    .sort();

interface RuleFile {
  groups: { rules: { alert?: string; for?: string }[] }[];
}

const readRules = (file: string) => parse(readFileSync(path.join(RULES_DIR, file), 'utf8')) as RuleFile;

/** Copies of the rule files in `folder`, each alert's `for` at most `maxForSeconds`; their paths. */
export function writeRuleFiles(folder: string, maxForSeconds: number): string[] {
  mkdirSync(folder, { recursive: true });
  return ruleFiles().map((file) => {
    const rules = readRules(file);
    for (const rule of rules.groups.flatMap((group) => group.rules)) {
      if (rule.alert && rule.for && durationSeconds(rule.for) > maxForSeconds) rule.for = `${maxForSeconds}s`;
    }
    writeFileSync(path.join(folder, file), stringify(rules));
    return path.join(folder, file);
  });
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
    const rule = readRules(file)
      .groups.flatMap((group) => group.rules)
      .find((candidate) => candidate.alert === name);
    if (rule) return rule.for ? durationSeconds(rule.for) : 0;
  }
  throw new Error(`No alert ${name} in deploy/monitoring/rules`);
}

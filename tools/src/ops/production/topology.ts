// Over 300 lines on purpose: one class starts, watches and stops the whole production topology (PostgreSQL, Redis, two
// API replicas, nginx) as the drill and npm run prod need it; nginx's and TLS's files are its neighbours' job.
/**
 * The production topology on one machine, from Debian's packages: nginx (the
 * template docker-compose.yml uses) in front of API replicas running with
 * NODE_ENV=production, Redis for the shared limits, PostgreSQL. Used by
 * `npm run prod` and by `npm run drill`, which also stops and starts its parts.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_RETENTION_DAYS } from '@segmentia/contracts/company';
import { rotateLog } from './log-rotation';
import { API_ROLE, deployMigrations, PrismaService, renewApiRolePassword, seed } from '@segmentia/api/database';
import { loadConfig } from '@segmentia/api/config';
import { loadToolsConfig } from '../../common/config';
import { type Database, type EmbeddedOptions, isEmbeddedRunning, startEmbeddedPostgres } from '../../dev/database/embedded-postgres';
import { isAlive } from '../../dev/database/server';
import { launch, type Managed, waitFor } from '../../common/managed-process';
import { API_ROOT, REPO_ROOT } from '../../common/paths';
import { assertPortsFree, type PortUse } from '../../common/ports';
import { buildSite } from '../../dev/site-build';
import { EDGE_LIMITS, type EdgeLimits, HEALTH_PATHS, writeNginxConfig } from './nginx';
import { ensureCommands } from '../../common/debian-packages';
import { ARCHIVE_TIMEOUT_SECONDS, archiveSettings, keyEnvironment } from '../backup/archive';
import { backupKey } from '../backup/encryption';
import { BackupAgent } from '../backup/agent';
import { prodSuppressionKey } from '../backup/suppression-key';
import { systemUser } from '../../dev/database/run-as';
import { ensureLocalCertificates, type LocalCertificates } from './tls';
import { MONITORING_COMMANDS, Monitoring, monitoringPorts } from './monitoring';
import { MONITOR_ROLE, renewMonitorRole } from './monitor-role';

/**
 * After a failed connection, nginx leaves a replica alone for 2 s (its
 * default, 10 s, would leave a restarted replica unused that long, and a
 * rolling restart that stops the other one meanwhile with no replica at all).
 * docker-compose.yml gives its replicas the same.
 */
export const UPSTREAM_FAILURES = 'max_fails=1 fail_timeout=2s';

export interface TopologyOptions {
  /** Everything of this topology's own: logs, nginx's files, the served site, Redis and the embedded PostgreSQL. */
  dataDir: string;
  /** The local certificate authority's folder (shared: one CA to trust). */
  tlsDir: string;
  httpPort: number;
  httpsPort: number;
  /** One API replica per port; each also serves metrics on its own port. */
  apiPorts: number[];
  metricsPorts: number[];
  /** A PostgreSQL to use as it is, or an embedded one (which the drill stops and starts). */
  postgres: { url: string } | { embedded: EmbeddedOptions };
  /** Backups of the embedded PostgreSQL into this folder (backup/): WAL archived, a base backup at start and daily. */
  backupDir?: string;
  /** Base backups older than this are pruned after each one (BACKUP_RETENTION_DAYS; default 30). */
  backupRetentionDays?: number;
  /** A Redis to use as it is, or the port of a redis-server in dataDir. */
  redis: { url: string } | { port: number };
  /** Settings given to every replica (over this process's environment). */
  apiEnv?: Record<string, string>;
  /**
   * The origin the site is built for, when not the one this nginx serves: the checks' topologies (the drill, the
   * security check) share one build, for https://localhost, where the security scanner must find it.
   */
  siteBuiltFor?: string;
  /** Prometheus on this port, its exporters and nginx's counters on the next four (monitoring.ts); how often it scrapes and evaluates. */
  monitoring: { port: number; scrapeSeconds: number; evaluationSeconds: number; maxAlertForSeconds?: number };
  /** The variables that chose the ports, named when one is taken. */
  portVariables: { http: string; https: string; api: string; metrics: string; redis: string; monitoring: string };
}

export class Topology {
  readonly siteUrl: string;
  readonly logDir: string;
  readonly accessLog: string;
  /** The copy of the built site nginx serves, with its security headers beside it (headers/). */
  readonly siteRoot: string;
  /** nginx's configuration (nginx.conf, the rendered template) and temporary files. */
  readonly nginxDir: string;
  certificates!: LocalCertificates;
  /** The database's owner: migrations, the seed, backups, the drills' own reads. */
  databaseUrl!: string;
  /** What the replicas connect as: the API's role (api/src/database/api-role.ts) with a password of this start. */
  apiDatabaseUrl!: string;
  redisUrl!: string;
  private database?: Database;
  private backups?: BackupAgent;
  private redis?: Managed;
  private redisPassword?: string;
  private nginx?: Managed;
  /** Each visitor's budget on /graphql at nginx: the web image's, unless a drill lifts it (restartNginx). */
  private edgeLimits: EdgeLimits = EDGE_LIMITS;
  private readonly replicas: (Managed | undefined)[] = [];
  /** Prometheus and its exporters: what an operator would be told. */
  readonly monitoring: Monitoring;
  /**
   * One secret for every replica's proof-of-work challenges (nginx may send the solution to another replica than the one that issued it).
   */
  private readonly altchaSecret = loadToolsConfig().proofOfWork.hmacSecret || randomBytes(32).toString('hex');

  constructor(private readonly options: TopologyOptions) {
    this.siteUrl = `https://localhost${options.httpsPort === 443 ? '' : `:${options.httpsPort}`}`;
    this.logDir = path.join(options.dataDir, 'logs');
    this.accessLog = path.join(this.logDir, 'nginx-access.log');
    this.siteRoot = path.join(options.dataDir, 'site');
    this.nginxDir = path.join(options.dataDir, 'nginx');
    const { port, ...cadence } = options.monitoring;
    this.monitoring = new Monitoring({
      ...cadence,
      ports: monitoringPorts(port),
      dir: path.join(options.dataDir, 'prometheus'),
      logDir: this.logDir,
    });
  }

  /** Starts every part, in order; what started is stopped again when a later part fails. */
  async start(say: (line: string) => void = console.log): Promise<void> {
    const { options } = this;
    ensureCommands(['nginx', 'redis-server', 'openssl', ...MONITORING_COMMANDS]);
    await assertPortsFree(await this.ports());
    mkdirSync(this.logDir, { recursive: true });
    this.certificates = ensureLocalCertificates(options.tlsDir);
    try {
      await this.startDatabase();
      say(`PostgreSQL: ${'url' in options.postgres ? 'DATABASE_URL' : `embedded, port ${options.postgres.embedded.port}`}`);
      await this.startRedis();
      say(`Redis: ${'url' in options.redis ? 'REDIS_URL' : `redis-server, port ${options.redis.port}`}`);
      const applied = await deployMigrations(this.databaseUrl);
      if (applied.length) say(`Migrations applied: ${applied.join(', ')}`);
      this.apiDatabaseUrl = await this.apiRole(say);
      const prisma = new PrismaService(loadConfig({ DATABASE_URL: this.databaseUrl }));
      try {
        say(`Seed: ${await seed(prisma)} rows written.`);
      } finally {
        await prisma.$disconnect();
      }
      if (options.backupDir && this.database?.dataDir) {
        this.backups = new BackupAgent(this.databaseUrl, this.database.dataDir, options.backupDir, say, options.backupRetentionDays, {
          suppressionKey: this.suppressionKey(),
        });
        await this.backups.start();
        say(
          `Backups, encrypted: WAL archived (at most ${ARCHIVE_TIMEOUT_SECONDS} s at risk), base backups at start and daily, kept ` +
            `${options.backupRetentionDays ?? 30} days, in ` +
            options.backupDir,
        );
      } else if (options.backupDir) {
        say('Backups: off. The embedded PostgreSQL already ran (npm start started it, without archiving): stop it, then npm run prod.');
      }
      await Promise.all(options.apiPorts.map((_, index) => this.startReplica(index)));
      say(`API replicas (NODE_ENV=production): ${options.apiPorts.map((port) => `127.0.0.1:${port}`).join(', ')}`);
      await buildSite(
        {
          SITE_API_URL: `http://127.0.0.1:${options.apiPorts[0]}/graphql`,
          GATSBY_API_URL: `${options.siteBuiltFor ?? this.siteUrl}/graphql`,
          GATSBY_SITE_URL: options.siteBuiltFor ?? this.siteUrl,
          // A check's topology publishes the example company, as its API does (scratchTopology).
          ...(this.options.apiEnv?.PUBLISH_EXAMPLE_COMPANY ? { PUBLISH_EXAMPLE_COMPANY: this.options.apiEnv.PUBLISH_EXAMPLE_COMPANY } : {}),
        },
        { release: true },
      );
      // nginx serves a copy, with the build's security headers: a later build (npm start, the tests) never changes what it serves.
      rmSync(this.siteRoot, { recursive: true, force: true });
      cpSync(path.join(REPO_ROOT, 'site', 'public'), this.siteRoot, { recursive: true });
      cpSync(path.join(REPO_ROOT, 'site', 'headers'), path.join(options.dataDir, 'headers'), { recursive: true });
      await this.startNginx();
      await this.monitoring.start({
        apiMetricsPorts: options.metricsPorts,
        databaseUrl: await this.monitorRole(say),
        redisUrl: this.redisUrl,
      });
      const { scrapeSeconds, maxAlertForSeconds } = options.monitoring;
      const shortened = maxAlertForSeconds ? `, each alert's for at most ${maxAlertForSeconds} s` : '';
      say(`Prometheus: ${this.monitoring.url} (scrapes every ${scrapeSeconds} s; rules: deploy/monitoring/rules${shortened})`);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  private async ports(): Promise<PortUse[]> {
    const { options } = this;
    const names = options.portVariables;
    const { postgres } = options;
    // The embedded PostgreSQL already running (npm start's) is shared, not in the way.
    const database = 'embedded' in postgres && !(await isEmbeddedRunning(postgres.embedded)) ? postgres.embedded : undefined;
    return [
      { port: options.httpPort, variable: names.http },
      { port: options.httpsPort, variable: names.https },
      ...options.apiPorts.map((port) => ({ port, variable: names.api, host: '127.0.0.1' })),
      ...options.metricsPorts.map((port) => ({ port, variable: names.metrics, host: '127.0.0.1' })),
      ...(database ? [{ port: database.port, variable: database.portVariable ?? 'EMBEDDED_POSTGRES_PORT', host: '127.0.0.1' }] : []),
      ...('port' in options.redis ? [{ port: options.redis.port, variable: names.redis, host: '127.0.0.1' }] : []),
      ...this.monitoring.portUses(names.monitoring),
    ];
  }

  // --- PostgreSQL -----------------------------------------------------------

  /** Starts the database; the embedded one on `dataDir` when given (a restored folder) instead of its own. */
  async startDatabase(dataDir?: string): Promise<void> {
    const { postgres } = this.options;
    if ('url' in postgres) {
      this.databaseUrl = postgres.url;
      return;
    }
    const { backupDir } = this.options;
    if (dataDir) postgres.embedded.dataDir = dataDir;
    this.database = await startEmbeddedPostgres({
      ...postgres.embedded,
      settings: backupDir ? archiveSettings(backupDir, systemUser()) : undefined,
      // The backups' key, for the archive_command that encrypts each WAL segment.
      env: backupDir ? keyEnvironment(backupKey()) : undefined,
    });
    this.databaseUrl = this.database.url;
  }

  /**
   * The replicas' connection: the API's role, given a new random password now (kept in memory only; a restored
   * folder has the one its base backup was taken with, which is this start's). A DATABASE_URL whose user may not
   * alter roles leaves the replicas on that URL, said.
   */
  private async apiRole(say: (line: string) => void): Promise<string> {
    try {
      return await renewApiRolePassword(this.databaseUrl);
    } catch (error) {
      if ('embedded' in this.options.postgres) throw error;
      say(`The API replicas connect as DATABASE_URL's user: it may not set ${API_ROLE}'s password (${(error as Error).message}).`);
      return this.databaseUrl;
    }
  }

  /** The PostgreSQL exporter's connection: the monitor role (pg_monitor only), made or given a new password now. */
  private async monitorRole(say: (line: string) => void): Promise<string> {
    try {
      return await renewMonitorRole(this.databaseUrl);
    } catch (error) {
      if ('embedded' in this.options.postgres) throw error;
      say(`The PostgreSQL exporter connects as DATABASE_URL's user: it may not make ${MONITOR_ROLE} (${(error as Error).message}).`);
      return this.databaseUrl;
    }
  }

  /** The embedded PostgreSQL's data folder, and the backups' (undefined without them). */
  get databaseDataDir(): string | undefined {
    return this.database?.dataDir;
  }

  get backupDir(): string | undefined {
    return this.options.backupDir;
  }

  /** A lost disk: the embedded PostgreSQL killed (SIGKILL) and its data folder deleted, without warning. */
  async destroyDatabase(): Promise<void> {
    const dataDir = this.database?.dataDir;
    if (!dataDir) throw new Error('Only an embedded PostgreSQL started here can be destroyed');
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    await waitFor('the killed PostgreSQL to exit', async () => !isAlive(pid), 10_000);
    rmSync(dataDir, { recursive: true, force: true });
    this.database = undefined;
  }

  async stopDatabase(): Promise<void> {
    await this.database?.stop();
    this.database = undefined;
  }

  // --- Redis ----------------------------------------------------------------

  async startRedis(): Promise<void> {
    const { redis, dataDir } = this.options;
    if ('url' in redis) {
      this.redisUrl = redis.url;
      return;
    }
    const dir = path.join(dataDir, 'redis');
    mkdirSync(dir, { recursive: true });
    // A password, as in docker-compose.yml: another local user cannot use or empty the counters. In a configuration
    // file only this user reads, not on redis-server's command line, which every local user sees.
    this.redisPassword ??= randomBytes(18).toString('base64url');
    const config = path.join(dir, 'redis.conf');
    writeFileSync(
      config,
      [`port ${redis.port}`, 'bind 127.0.0.1', 'save ""', 'appendonly no', `dir "${dir}"`, `requirepass ${this.redisPassword}`, ''].join(
        '\n',
      ),
      { mode: 0o600 },
    );
    chmodSync(config, 0o600);
    const args = [config];
    this.redis = launch('redis', 'redis-server', args, path.join(this.logDir, 'redis.log'));
    this.redisUrl = `redis://:${this.redisPassword}@127.0.0.1:${redis.port}`;
    const ping = () =>
      spawnSync('redis-cli', ['-p', String(redis.port), 'ping'], {
        encoding: 'utf8',
        env: { ...process.env, REDISCLI_AUTH: this.redisPassword },
      });
    await waitFor('redis-server', async () => ping().stdout.trim() === 'PONG', 10_000, this.redis);
  }

  async stopRedis(): Promise<void> {
    await this.redis?.stop();
    this.redis = undefined;
  }

  /** Renames the access log and deletes those past LOG_RETENTION_DAYS (log-rotation.ts); nginx reopens its file. */
  rotateLogs(): void {
    if (rotateLog(this.accessLog, LOG_RETENTION_DAYS) && this.nginx?.running) this.nginx.child.kill('SIGUSR1');
  }

  // --- API replicas ---------------------------------------------------------

  /**
   * The suppression list's key (production requires one): SUPPRESSION_HASH_KEY, else one made once beside this
   * topology's database, so the hashes stored before a restart still match; the backups carry it.
   */
  private suppressionKey(): string {
    return prodSuppressionKey(this.options.dataDir, loadToolsConfig().SUPPRESSION_HASH_KEY, true)!;
  }

  replicaEnv(index: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      ALTCHA_HMAC_SECRET: this.altchaSecret,
      SUPPRESSION_HASH_KEY: this.suppressionKey(),
      ...this.options.apiEnv,
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(this.options.apiPorts[index]),
      METRICS_PORT: String(this.options.metricsPorts[index]),
      DATABASE_URL: this.apiDatabaseUrl,
      REDIS_URL: this.redisUrl,
      // nginx is the one proxy in front: the address it passes is the visitor's.
      TRUST_PROXY_HOPS: '1',
      SITE_ORIGINS: this.siteUrl,
      STAFF_PAGE_URL: `${this.siteUrl}/staff/`,
      LOG_FORMAT: 'json',
    };
  }

  /** Starts replica `index` (settings over the topology's own) and waits until it is ready. */
  async startReplica(index: number, env: Record<string, string> = {}): Promise<void> {
    const port = this.options.apiPorts[index]!;
    const replica = launch(
      `API replica ${index + 1}`,
      process.execPath,
      [path.join(API_ROOT, 'dist', 'src', 'main.js')],
      path.join(this.logDir, `api-${index + 1}.log`),
      this.replicaEnv(index, env),
    );
    this.replicas[index] = replica;
    await waitFor(replica.name, async () => (await fetch(`http://127.0.0.1:${port}${HEALTH_PATHS.api}`)).ok, 30_000, replica);
  }

  /** SIGTERM: a graceful stop; SIGKILL: a crash. Resolves when the process has exited. */
  async stopReplica(index: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await this.replicas[index]?.stop(signal);
  }

  replicaExit(index: number): Promise<number | null> | undefined {
    return this.replicas[index]?.exited;
  }

  // --- nginx ----------------------------------------------------------------

  /** nginx stopped (gracefully) and started again with these budgets: the drill's load from one address lifts them. */
  async restartNginx(limits: Partial<EdgeLimits>): Promise<void> {
    await this.nginx?.stop('SIGQUIT');
    this.edgeLimits = { ...EDGE_LIMITS, ...limits };
    await this.startNginx();
  }

  private async startNginx(): Promise<void> {
    const { options } = this;
    const dir = this.nginxDir;
    const config = writeNginxConfig(dir, {
      SITE_URL: this.siteUrl,
      NGINX_HTTP_PORT: String(options.httpPort),
      NGINX_HTTPS_PORT: String(options.httpsPort),
      NGINX_TLS_CERT: this.certificates.cert,
      NGINX_TLS_KEY: this.certificates.key,
      NGINX_SITE_ROOT: this.siteRoot,
      NGINX_API_SERVERS: options.apiPorts.map((port) => `server 127.0.0.1:${port} ${UPSTREAM_FAILURES};`).join(' '),
      // Visitors reach this nginx directly: no proxy's header is trusted.
      NGINX_REAL_IP: '',
      ...this.edgeLimits,
      NGINX_ACCESS_LOG: this.accessLog,
      NGINX_HEADERS_DIR: path.join(options.dataDir, 'headers'),
      NGINX_CACHE_DIR: path.join(this.nginxDir, 'cache'),
      NGINX_ACME_ROOT: path.join(options.dataDir, 'acme'),
      NGINX_STATUS_PORT: String(this.monitoring.nginxStatusPort),
    });
    mkdirSync(path.join(options.dataDir, 'acme'), { recursive: true });
    const test = spawnSync('nginx', ['-t', '-q', '-c', config], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refused its configuration (${config}):\n${test.stderr.trim()}`);
    this.nginx = launch('nginx', 'nginx', ['-c', config, '-g', 'daemon off;'], path.join(this.logDir, 'nginx.log'));
    await waitFor('nginx', async () => (await fetch(`http://127.0.0.1:${options.httpPort}${HEALTH_PATHS.nginx}`)).ok, 10_000, this.nginx);
  }

  /** Stops everything that runs, front to back: Prometheus, nginx (graceful), the replicas (graceful), Redis, PostgreSQL. */
  async stop(): Promise<void> {
    await this.monitoring.stop();
    await this.nginx?.stop('SIGQUIT');
    await Promise.all(this.replicas.map((replica) => replica?.stop('SIGTERM')));
    await this.backups?.stop();
    this.backups = undefined;
    await this.stopRedis();
    await this.stopDatabase();
  }
}

/** The ports of a throw-away topology. */
export interface ScratchPorts {
  http: number;
  https: number;
  api: number[];
  metrics: number[];
  postgres: number;
  redis: number;
  /** Prometheus, and its exporters on the next four ports. */
  monitoring: number;
}

/**
 * A topology for a check (the drill, the security check): a folder of its own
 * in the temporary directory, its own embedded PostgreSQL and redis-server
 * (which it may stop), whatever DATABASE_URL and REDIS_URL say; the shared
 * local CA. `who` names it in a message about a taken port. `discard()`
 * removes its data and served site, and keeps its logs to read.
 */
export function scratchTopology(
  who: string,
  ports: ScratchPorts,
  apiEnv: Record<string, string> = {},
  { backups = false } = {},
): { topology: Topology; discard(): void } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `segmentia-${who.replace(/\W+/g, '-')}-`));
  // The embedded PostgreSQL runs as the user postgres when this runs as root: it must be able to enter.
  chmodSync(dataDir, 0o755);
  const topology = new Topology({
    dataDir,
    tlsDir: path.join(REPO_ROOT, '.data', 'tls'),
    httpPort: ports.http,
    httpsPort: ports.https,
    apiPorts: ports.api,
    metricsPorts: ports.metrics,
    postgres: {
      embedded: {
        dataDir: path.join(dataDir, 'postgres'),
        port: ports.postgres,
        persistent: true,
        portVariable: `${who} (a port of its own)`,
      },
    },
    redis: { port: ports.redis },
    // Often, and each alert's `for` at most 10 s: a drill's fault lasts until its alert fires, and it proves the alert's
    // expression; promtool's tests prove the rules' own `for`.
    monitoring: { port: ports.monitoring, scrapeSeconds: 3, evaluationSeconds: 1, maxAlertForSeconds: 10 },
    backupDir: backups ? path.join(dataDir, 'backups') : undefined,
    // A check, not a site for the public: the example company data are meant. Sales are told of leads through a
    // webhook (the drill's own receives them; elsewhere no lead is sent): the privacy policy names its processor.
    apiEnv: { PUBLISH_EXAMPLE_COMPANY: 'true', NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hooks/sales', ...apiEnv },
    // One build for every check (the same addresses, the same policy); the drill's clients read no page's links.
    siteBuiltFor: 'https://localhost',
    portVariables: { http: who, https: who, api: who, metrics: who, redis: who, monitoring: who },
  });
  const discard = () => {
    for (const part of ['postgres', 'site', 'redis', 'backups', 'restored', 'prometheus'])
      rmSync(path.join(dataDir, part), { recursive: true, force: true });
  };
  return { topology, discard };
}

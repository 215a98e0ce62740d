/**
 * The compose stack (docker-compose.yml) as the commands drive it: `npm run prod`, the backups' commands, and the
 * checks (`npm run drill`, `test:security`, `test:images`), each a compose project of its own with its own settings
 * file. Faults are the engine's own verbs (kill, stop, pause, a volume removed); this module only names them.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { until } from '@segmentia/testing';
import { REPO_ROOT } from '../../common/paths';

/** The secrets docker-compose.yml requires: made once, at random, when a settings file lacks them. */
const SECRETS = [
  'POSTGRES_PASSWORD',
  'POSTGRES_API_PASSWORD',
  'POSTGRES_MONITOR_PASSWORD',
  'REDIS_PASSWORD',
  'SUPPRESSION_HASH_KEY',
  'ALTCHA_HMAC_SECRET',
  'BACKUP_ENCRYPTION_KEY',
] as const;

/** The replicas' services, in order. */
export const REPLICAS = ['api-1', 'api-2'] as const;

const parse = (text: string) =>
  new Map(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );

/**
 * A settings file for a stack: the values of `settings` over those the file holds, and a random value for each secret
 * it still lacks (hex: nothing to escape in a URL or a shell). Readable by its owner only. Returns its settings.
 */
export function writeSettings(file: string, settings: Record<string, string> = {}): Map<string, string> {
  const values = existsSync(file) ? parse(readFileSync(file, 'utf8')) : new Map<string, string>();
  for (const secret of SECRETS) if (!values.get(secret)) values.set(secret, randomBytes(24).toString('hex'));
  for (const [name, value] of Object.entries(settings)) values.set(name, value);
  mkdirSync(path.dirname(file), { recursive: true });
  const lines = [...values].map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `# docker-compose.yml's settings (docs/operations.md); secrets made at random on first use.\n${lines.join('\n')}\n`);
  chmodSync(file, 0o600);
  return values;
}

export interface StackOptions {
  /** The compose project: its containers, networks and volumes are named after it. */
  project: string;
  envFile: string;
  /** Compose files over docker-compose.yml (a check's own ports and settings). */
  overrides?: string[];
}

export class ComposeStack {
  constructor(readonly options: StackOptions) {}

  get settings(): Map<string, string> {
    return parse(readFileSync(this.options.envFile, 'utf8'));
  }

  /** docker-compose's own arguments for this project, then `args`. */
  private argsFor(args: string[]): string[] {
    // An override that does not exist is skipped: npm run prod's (.data/production/override.yml) is the operator's to write.
    const overrides = (this.options.overrides ?? []).filter((file) => existsSync(file));
    const files = ['docker-compose.yml', ...overrides].flatMap((file) => ['--file', file]);
    return [
      '--project-name',
      this.options.project,
      '--project-directory',
      REPO_ROOT,
      ...files,
      '--env-file',
      this.options.envFile,
      ...args,
    ];
  }

  /** `docker-compose …` for this project; its output, or an error with the end of its own. */
  async compose(args: string[], { timeoutMs = 600_000 }: { timeoutMs?: number } = {}): Promise<string> {
    try {
      const options = { cwd: REPO_ROOT, maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs };
      return (await promisify(execFile)('docker-compose', this.argsFor(args), options)).stdout;
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? error).trim();
      throw new Error(`docker-compose ${args.join(' ')} failed: ${stderr.split('\n').slice(-10).join('\n')}`);
    }
  }

  /** `docker-compose …` on this terminal (logs -f, exec -it…); its exit code. */
  attach(args: string[]): number {
    return spawnSync('docker-compose', this.argsFor(args), { cwd: REPO_ROOT, stdio: 'inherit' }).status ?? 1;
  }

  /** Starts (or recreates, after a change of settings) these services, or all; then waits until each is healthy. */
  async up(services: string[] = [], { wait = true, timeoutMs = 300_000 } = {}): Promise<void> {
    await this.compose(['up', '--detach', '--no-build', ...(services.length ? ['--no-deps', ...services] : [])]);
    if (wait) await this.waitHealthy(services, timeoutMs);
  }

  /** The container of a service (its first), or undefined when it has none. */
  async container(service: string): Promise<string | undefined> {
    return (await this.compose(['ps', '--quiet', service])).trim().split('\n')[0] || undefined;
  }

  /** A container's health: healthy, unhealthy, starting, or its state (running, exited…) when it has no health check. */
  async health(service: string): Promise<string> {
    const id = await this.container(service);
    if (!id) return 'absent';
    const { stdout } = await promisify(execFile)('docker', [
      'inspect',
      '--format',
      '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}',
      id,
    ]);
    return stdout.trim();
  }

  /** Waits until every service (or these) is healthy, or running when it has no check, or exited 0 (the migrations). */
  async waitHealthy(services: string[] = [], timeoutMs = 300_000): Promise<void> {
    const names = services.length ? services : (await this.compose(['config', '--services'])).trim().split('\n');
    let states: (readonly [string, string])[] = [];
    const failed = () => states.find(([, state]) => state === 'unhealthy' || state === 'dead');
    await until(
      `${names.join(', ')} healthy`,
      async () => {
        states = await Promise.all(names.map(async (name) => [name, await this.health(name)] as const));
        return (
          Boolean(failed()) ||
          states.every(([name, state]) => state === 'healthy' || state === 'running' || (name === 'migrate' && state === 'exited'))
        );
      },
      { timeoutMs, intervalMs: 500 },
    ).catch((error: Error) => {
      throw new Error(`${error.message} (${states.map(([name, state]) => `${name} ${state}`).join(', ')})`);
    });
    const [service, state] = failed() ?? [];
    if (service) throw new Error(`${service} is ${state}:\n${(await this.logs([service])).split('\n').slice(-15).join('\n')}`);
  }

  kill(service: string, signal = 'SIGKILL') {
    return this.compose(['kill', '-s', signal, service]);
  }

  stop(services: string[]) {
    return this.compose(['stop', ...services]);
  }

  pause(service: string) {
    return this.compose(['pause', service]);
  }

  unpause(service: string) {
    return this.compose(['unpause', service]);
  }

  /** The database destroyed: its data volume removed, with the containers that mount it (the backup store's volume stays). */
  async destroyDatabase(): Promise<void> {
    await this.compose(['rm', '--stop', '--force', 'postgres', 'backups']);
    await promisify(execFile)('docker', ['volume', 'rm', `${this.options.project}_postgres-data`]);
  }

  /** A command in a service's running container (`exec -T`), as its image's user. */
  exec(service: string, command: string[]) {
    return this.compose(['exec', '-T', service, ...command]);
  }

  /** Every service's log since it started, or these services'. */
  logs(services: string[] = []) {
    return this.compose(['logs', '--no-color', ...services]);
  }

  /** A full backup now, by pgBackRest in the backups' container (the schedule's own command). */
  backup() {
    return this.exec('backups', ['segmentia-postgres', 'backup']);
  }

  /**
   * The database restored from the backup store, to its last acknowledged commit or to `target` (a timestamp), with
   * the erasure ledger applied again before the API serves. What `npm run restore` and the drill's disaster run.
   */
  async restore(target?: string, log = (line: string) => console.log(line)): Promise<void> {
    // The erasures of the last minute into the ledger first (none when the database is gone: the schedule copied them).
    await this.exec('backups', ['segmentia-postgres', 'copy-erasures']).catch(() => log('The ledger could not be brought up to date.'));
    log('Stopping the API, the backups and PostgreSQL…');
    await this.stop([...REPLICAS, 'backups', 'walstore', 'postgres']);
    log(`Restoring the data volume ${target ? `to ${target}` : 'to the last commit the store holds'} (pgBackRest)…`);
    await this.compose(['run', '--rm', '--no-deps', 'postgres', 'restore', ...(target ? [target] : [])]);
    await this.up(['postgres']);
    await this.exec('postgres', ['segmentia-postgres', 'after-restore']);
    // The receiver starts afresh on the new timeline; commits (the ledger's) wait for it.
    await this.up(['walstore']);
    log((await this.exec('postgres', ['segmentia-postgres', 'apply-ledger'])).trim());
    await this.up([...REPLICAS, 'backups']);
    log('Restored: the API serves; the backups take a full backup of the restored database now.');
  }

  down({ volumes = false } = {}) {
    return this.compose(['down', '--remove-orphans', ...(volumes ? ['--volumes'] : [])]);
  }
}

/** `npm run prod`'s stack, which `npm run backup` and `npm run restore` act on. */
export const PRODUCTION = new ComposeStack({
  project: 'segmentia',
  envFile: path.join(REPO_ROOT, '.data', 'production', 'stack.env'),
  // The operator's changes to docker-compose.yml (the backup store on another disk, another log driver), when written.
  overrides: [path.join(REPO_ROOT, '.data', 'production', 'override.yml')],
});

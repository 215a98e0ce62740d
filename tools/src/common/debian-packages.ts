import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's packages for each program the tests, CI, the production topology (nginx with its brotli modules) and the
 * image commands run (Docker's daemon; mmdebstrap for a local Debian base; podman and its pause process for
 * `npm run test:kube`). The one list: `.ci/run` installs from it too (tools/src/commands/install-packages.ts).
 */
export const PACKAGES = {
  chromium: ['chromium'],
  // Validates docker-compose.yml (npm run check:compose); it brings Docker's engine, docker.io, as well.
  'docker-compose': ['docker-compose'],
  dockerd: ['docker.io'],
  mmdebstrap: ['mmdebstrap'],
  podman: ['podman'],
  catatonit: ['catatonit'],
  runc: ['runc'],
  nginx: ['nginx', 'libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static'],
  'redis-server': ['redis-server'],
  openssl: ['openssl'],
  // `npm run prod` and the drill: Prometheus (and promtool, which tests the alerts) with its exporters.
  prometheus: ['prometheus'],
  'prometheus-nginx-exporter': ['prometheus-nginx-exporter'],
  'prometheus-postgres-exporter': ['prometheus-postgres-exporter'],
  'prometheus-redis-exporter': ['prometheus-redis-exporter'],
  // The Nu Html Checker (vnu-jar) runs on Java.
  java: ['default-jre-headless'],
} satisfies Record<string, string[]>;

export type Command = keyof typeof PACKAGES;

/** What must be there besides the command itself: nginx's brotli modules, which `npm run prod` and the drill load. */
const ALSO_NEEDED: Partial<Record<Command, string>> = { nginx: '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so' };

const has = (command: Command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0 && existsSync(ALSO_NEEDED[command] ?? '/');

/**
 * Installs from Debian's packages what is missing among `commands`, as
 * .ci/run does (as root, or through sudo), and says so.
 */
export function ensureCommands(commands: Command[]): void {
  const unknown = commands.filter((command) => !Object.hasOwn(PACKAGES, command));
  if (unknown.length) throw new Error(`No Debian package is known for ${unknown.join(', ')}: add it to PACKAGES.`);
  const missing = commands.filter((command) => !has(command)).flatMap((command) => PACKAGES[command]);
  if (!missing.length) return;
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: install ` +
        `${missing.length > 1 ? 'them' : 'it'} with \`apt-get install ${missing.join(' ')}\` as root.`,
    );
  }
  console.log(`Installing ${missing.join(', ')} from Debian's packages...`);
  const apt = (...args: string[]) =>
    execFileSync(root ? 'apt-get' : 'sudo', [...(root ? [] : ['apt-get']), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', ...missing);
}

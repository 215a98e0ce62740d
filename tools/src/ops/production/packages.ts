import { execFileSync, spawnSync } from 'node:child_process';

/**
 * Debian's packages for each program the production topology and the tests run (nginx with its brotli modules), and
 * the image commands (Docker's daemon; mmdebstrap for a local Debian base; podman and its pause process for
 * `npm run test:kube`).
 */
const PACKAGES: Record<string, string[]> = {
  chromium: ['chromium'],
  dockerd: ['docker.io'],
  mmdebstrap: ['mmdebstrap'],
  podman: ['podman'],
  catatonit: ['catatonit'],
  nginx: ['nginx', 'libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static'],
  'redis-server': ['redis-server'],
  openssl: ['openssl'],
  // The Nu Html Checker (vnu-jar) runs on Java.
  java: ['default-jre-headless'],
};

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Installs from Debian's packages what is missing among `commands`, as
 * .ci/run does (as root, or through sudo), and says so.
 */
export function ensureCommands(commands: (keyof typeof PACKAGES)[]): void {
  const missing = commands.filter((command) => !has(command)).flatMap((command) => PACKAGES[command]!);
  if (!missing.length) return;
  const root = process.getuid?.() === 0;
  if (!root && !has('sudo')) {
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

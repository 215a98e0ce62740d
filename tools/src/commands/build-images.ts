/**
 * The three images (Dockerfile targets api, migrate, web) built from this
 * clone, their figures (size, and what each adds over its base image) and a
 * CycloneDX SBOM of each, written to dist/images/.
 *   npm run images -- [--tag 1.4.0] [--site-url https://www.segmentia.es] [--repository registry.example/segmentia]
 * The site's GATSBY_* settings (tag manager, Firebase) come from this
 * environment, as build arguments of the web image.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPANY_VARIABLES } from '@segmentia/contracts/company';
import { parseArgs } from 'node:util';
import { loadToolsConfig } from '../common/config';
import { launch } from '../common/managed-process';
import { REPO_ROOT } from '../common/paths';
import { docker, openEngine } from '../ops/images/engine';
import { DEBIAN_IMAGE, ensureLocalBases, NODE_IMAGE } from '../ops/images/local-bases';
import { publicOrigin } from '../ops/images/release-site';

/** The product's images (Dockerfile), then the stack's services (deploy/services.Dockerfile): docker-compose.yml's. */
export const TARGETS = ['api', 'migrate', 'web', 'postgres', 'redis', 'monitoring'] as const;
export type Target = (typeof TARGETS)[number];
const BASES: Record<Target, string> = {
  api: NODE_IMAGE,
  migrate: NODE_IMAGE,
  web: DEBIAN_IMAGE,
  postgres: DEBIAN_IMAGE,
  redis: DEBIAN_IMAGE,
  monitoring: DEBIAN_IMAGE,
};
const dockerfile = (target: Target) => (['api', 'migrate', 'web'].includes(target) ? 'Dockerfile' : 'deploy/services.Dockerfile');
/** The web image's build arguments read from the environment (the site's own settings). */
export const SITE_SETTINGS = [
  'GATSBY_GTM_ID',
  'GATSBY_GTM_AUDITED_VERSION',
  'GATSBY_FIREBASE_API_KEY',
  'GATSBY_FIREBASE_AUTH_DOMAIN',
  'GATSBY_FIREBASE_PROJECT_ID',
  'GATSBY_FIREBASE_APP_ID',
  'GATSBY_FIREBASE_MEASUREMENT_ID',
  'GATSBY_TRADE_DESK_PARTNER',
  ...Object.values(COMPANY_VARIABLES),
  'PUBLISH_EXAMPLE_COMPANY',
];
/** The images' build output: the SBOMs, and docker build's log. */
export const SBOM_DIR = path.join(REPO_ROOT, 'dist', 'images');
const BUILD_LOG = path.join(SBOM_DIR, 'build.log');

export interface BuildOptions {
  /** Where the images are named, e.g. registry.example/segmentia: images `${repository}/api:${tag}`. */
  repository: string;
  tag: string;
  /** The public address the web image serves (its pages link to it). */
  siteUrl: string;
}

export interface BuildChoice {
  targets?: readonly Target[];
  settings?: Map<string, string>;
  log?: (line: string) => void;
}

export const imageName = ({ repository, tag }: Pick<BuildOptions, 'repository' | 'tag'>, target: Target) =>
  `${repository}/${target}:${tag}`;

export interface ImageFigures {
  target: Target;
  image: string;
  /** Bytes: the whole image, and its own layers (over its base). */
  size: number;
  own: number;
}

const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
};

/** The images of `targets` that the engine does not hold. */
export async function missingImages(options: Pick<BuildOptions, 'repository' | 'tag'>, targets: readonly Target[] = TARGETS) {
  const held = await Promise.all(
    targets.map((target) =>
      docker(['image', 'inspect', imageName(options, target)]).then(
        () => true,
        () => false,
      ),
    ),
  );
  return targets.filter((_, index) => !held[index]);
}

/**
 * Builds the images in order (the product's share the build stage), making the local base images first where no
 * registry answers; the site's settings come from `settings` (a stack's), else from this environment. Resolves the
 * seconds it took.
 */
export async function buildImages(
  options: BuildOptions,
  { targets = TARGETS, settings, log = (line: string) => console.log(line) }: BuildChoice = {},
): Promise<number> {
  const startedAt = Date.now();
  ensureLocalBases();
  mkdirSync(SBOM_DIR, { recursive: true });
  writeFileSync(BUILD_LOG, '');
  log(`Building ${targets.join(', ')} (docker build's output: ${path.relative(REPO_ROOT, BUILD_LOG)})…`);
  const revision = git('rev-parse', 'HEAD') ?? 'unknown';
  const version = options.tag;
  for (const target of targets) {
    const args = ['build', '--file', dockerfile(target), '--target', target, '--tag', imageName(options, target)];
    const buildArgs: Record<string, string | undefined> = { REVISION: revision, VERSION: version };
    if (target === 'web') {
      buildArgs.SITE_URL = options.siteUrl;
      for (const name of SITE_SETTINGS) buildArgs[name] = settings?.get(name) ?? process.env[name];
    }
    for (const [name, value] of Object.entries(buildArgs)) if (value) args.push('--build-arg', `${name}=${value}`);
    const stageStart = Date.now();
    const build = launch(`docker build --target ${target}`, 'docker', [...args, REPO_ROOT], BUILD_LOG);
    const code = await build.exited;
    if (code !== 0) {
      const tail = readFileSync(BUILD_LOG, 'utf8').trim().split('\n').slice(-12).join('\n');
      throw new Error(`docker build --target ${target} failed (exit ${code}); its output is in ${BUILD_LOG}:\n${tail}`);
    }
    log(`Built ${imageName(options, target)} in ${seconds(Date.now() - stageStart)}`);
  }
  return (Date.now() - startedAt) / 1000;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function imageFigures(options: Pick<BuildOptions, 'repository' | 'tag'>): Promise<ImageFigures[]> {
  const size = async (image: string) => Number((await docker(['image', 'inspect', '--format', '{{.Size}}', image])).trim());
  return Promise.all(
    TARGETS.map(async (target) => {
      const image = imageName(options, target);
      const total = await size(image);
      return { target, image, size: total, own: total - (await size(BASES[target])) };
    }),
  );
}

export function describeFigures(figures: ImageFigures[]): string[] {
  return figures.map(
    ({ target, image, size, own }) => `  ${target.padEnd(8)} ${image}: ${megabytes(size)}, ${megabytes(own)} over ${BASES[target]}`,
  );
}

interface CycloneDx {
  metadata?: { timestamp?: string; component?: { name?: string; version?: string } };
  components?: object[];
  [field: string]: unknown;
}

/**
 * A CycloneDX SBOM of each image, in SBOM_DIR: `npm sbom` run in the Node.js images (the runtime tree they hold), and
 * for the web image Debian's packages it installed with
 * the npm packages the site is built from (as `npm ls` lists them: `npm sbom` leaves some of this tree out).
 */
export async function writeSboms(options: Pick<BuildOptions, 'repository' | 'tag'>): Promise<string[]> {
  mkdirSync(SBOM_DIR, { recursive: true });
  const written: string[] = [];
  const write = (target: Target, sbom: CycloneDx) => {
    sbom.metadata = { ...sbom.metadata, component: { ...sbom.metadata?.component, name: `segmentia-${target}`, version: options.tag } };
    const file = path.join(SBOM_DIR, `${target}-${options.tag}.cdx.json`);
    writeFileSync(file, `${JSON.stringify(sbom, null, 2)}\n`);
    written.push(file);
  };
  for (const target of ['api', 'migrate'] as const) {
    const sbom = await docker([
      ...['run', '--rm', '--entrypoint', 'npm', imageName(options, target)],
      ...['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev', '--offline'],
    ]);
    write(target, JSON.parse(sbom) as CycloneDx);
  }
  const format = '${Package}\\t${Version}\\t${Architecture}\\n';
  const debian = await docker(['run', '--rm', '--entrypoint', 'dpkg-query', imageName(options, 'web'), '--show', '--showformat', format]);
  const debianPackages = debian
    .trim()
    .split('\n')
    .map((line) => line.split('\t') as [string, string, string])
    .map(([name, version, arch]) =>
      component(name, version, `pkg:deb/debian/${name}@${encodeURIComponent(version)}?arch=${arch}&distro=debian-12`),
    );
  write('web', {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { timestamp: new Date().toISOString() },
    components: [...debianPackages, ...sitePackages()],
  });
  return written;
}

const component = (name: string, version: string, purl: string) => ({ type: 'library', 'bom-ref': purl, name, version, purl });

/** Every package (name and version) of the site's production tree, once. */
function sitePackages(): ReturnType<typeof component>[] {
  interface Node {
    version?: string;
    dependencies?: Record<string, Node>;
  }
  // npm ls exits 1 when it finds problems (an optional peer out of range) and still prints the whole tree.
  const listed = spawnSync('npm', ['ls', '--omit', 'dev', '-w', 'site', '--all', '--json'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const found = new Map<string, ReturnType<typeof component>>();
  const walk = (node: Node) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.version && !child.version.startsWith('file:')) {
        const purl = `pkg:npm/${name.replace('@', '%40')}@${child.version}`;
        found.set(purl, component(name, child.version, purl));
      }
      walk(child);
    }
  };
  walk(JSON.parse(listed.stdout) as Node);
  return [...found.values()];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tag: { type: 'string', default: readVersion() },
      'site-url': { type: 'string', default: loadToolsConfig().SITE_URL ?? 'https://localhost:8443' },
      repository: { type: 'string', default: 'segmentia' },
    },
  });
  const options = { repository: values.repository, tag: values.tag, siteUrl: publicOrigin(values['site-url']) };
  const engine = await openEngine();
  try {
    const took = await buildImages(options);
    console.log(`\nImages for ${options.siteUrl}, built in ${took.toFixed(0)} s:`);
    console.log(describeFigures(await imageFigures(options)).join('\n'));
    const sboms = await writeSboms(options);
    console.log(`SBOMs (CycloneDX): ${sboms.map((file) => path.relative(REPO_ROOT, file)).join(', ')}`);
  } finally {
    await engine.close();
  }
}

const readVersion = () => (JSON.parse(readFileSync(path.join(REPO_ROOT, 'api', 'package.json'), 'utf8')) as { version: string }).version;

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

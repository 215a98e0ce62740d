/**
 * The site's build (`npm run build -w site`), skipped when nothing it depends
 * on changed since the last one: the site's sources, its build settings
 * (GATSBY_*) and the API's data it reads (the answer to site/site-data.graphql).
 * A stamp written after each successful build records these, and the id of the
 * build in site/public, so output written by any other build is not reused.
 * Builds are serialized across processes (npm start, the tests, npm run prod).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { examplesToPublish } from '@segmentia/contracts/company';
import { REPO_ROOT } from '../common/paths';
import { lockSiteBuilds } from './site-build-lock';

export const SITE_DIR = path.join(REPO_ROOT, 'site');

/** Outside site/public, so it is never served; git-ignored. */
const STAMP_FILE = 'site/.build-stamp.json';
/**
 * Gatsby's record of the pages it rendered. Gatsby 5 renders a page's HTML again only when the page's data or its
 * server-side template changed: after a change to CSS alone, every page kept the previous stylesheet, inlined and
 * linked (its file still in site/public). Removed before each build, which then renders every page again (its time:
 * docs/benchmarks.md); its webpack caches stay.
 */
const GATSBY_STATE = 'site/.cache/redux';
/** The query the build sends to SITE_API_URL (site/gatsby-node.ts reads the same file). */
const DATA_QUERY_FILE = 'site/site-data.graphql';
/** Not sources: dependencies, Gatsby's cache and output, the headers the build writes (their CSP hashes vary), the stamp. */
const NOT_SOURCES = new Set(['node_modules', '.cache', 'public', 'headers', '.build-stamp.json']);

export type SiteBuildResult = 'built' | 'reused';

export interface SiteBuildOptions {
  /** The repository (tests use a copy); the real one by default. */
  repoRoot?: string;
  /** Runs the build; `npm run build -w site` by default. */
  build?: (env: NodeJS.ProcessEnv, repoRoot: string) => Promise<void>;
  /** The build's output on this terminal (default) or not at all. */
  quiet?: boolean;
  log?: (message: string) => void;
  /** Aborting it ends a build in progress (the command is stopping). */
  signal?: AbortSignal;
  /** The machine's site-build lock by default. */
  lockFile?: string;
  /** A build for the public (`npm run prod`, the web image): refused while the company's data are the examples. */
  release?: boolean;
}

interface Stamp {
  fingerprint: string;
  buildId: string;
  builtAt: string;
}

/**
 * Builds the site with `env` over this process's environment (SITE_API_URL,
 * GATSBY_*), or reuses site/public when the last successful build had the same
 * sources, settings and API data. Resolves 'built' or 'reused'; rejects with a
 * one-sentence error when the build fails.
 */
export async function buildSite(env: Record<string, string>, options: SiteBuildOptions = {}): Promise<SiteBuildResult> {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const log = options.log ?? ((message: string) => console.log(message));
  const buildEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  const refusal = options.release ? (examplesToPublish(buildEnv) ?? unauditedContainer(buildEnv)) : undefined;
  if (refusal) throw new Error(refusal);
  // The lock at once when it is free; when another build holds it (of this clone or another), a reusable
  // site/public is reused without waiting for that build, and only a build of our own waits for the lock.
  let release = await lockSiteBuilds(log, options.lockFile, false);
  try {
    const fingerprint = await siteFingerprint(buildEnv, repoRoot);
    const reuse = async () => Boolean(fingerprint && (await reusable(fingerprint, repoRoot)));
    if (!(await reuse()) && !release) {
      release = await lockSiteBuilds(log, options.lockFile);
    }
    if (await reuse()) {
      log('Site unchanged since the last build: reusing site/public');
      return 'reused';
    }
    log('Building the site…');
    // A build that fails or is interrupted leaves no stamp that could match.
    await rm(path.join(repoRoot, STAMP_FILE), { force: true });
    await rm(path.join(repoRoot, GATSBY_STATE), { recursive: true, force: true });
    await (options.build ?? ((e, root) => npmBuild(e, root, options.quiet ?? false, options.signal)))(buildEnv, repoRoot);
    const buildId = await publishedBuildId(repoRoot);
    if (fingerprint && buildId) {
      const stamp: Stamp = { fingerprint, buildId, builtAt: new Date().toISOString() };
      await writeFile(path.join(repoRoot, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    }
    return 'built';
  } finally {
    await release?.();
  }
}

/**
 * The Tag Manager container lives in the company's Google account, out of any test's reach: a build for the public
 * that loads one names the version someone audited against the cookie table and the CSP (docs/site.md).
 */
export function unauditedContainer(env: NodeJS.ProcessEnv): string | undefined {
  if (!env.GATSBY_GTM_ID || env.GATSBY_GTM_AUDITED_VERSION) return undefined;
  return (
    `GATSBY_GTM_ID is set but GATSBY_GTM_AUDITED_VERSION is not: audit the published container (docs/site.md, "The Tag Manager ` +
    `container cannot be audited from here") and set it to the version whose tags and cookies match the cookies policy`
  );
}

/**
 * A hash of everything the build's output depends on; undefined when the
 * API's data could not be read (then the build runs, and says why it fails).
 */
export async function siteFingerprint(env: NodeJS.ProcessEnv, repoRoot = REPO_ROOT): Promise<string | undefined> {
  const data = await apiDataHash(env.SITE_API_URL ?? 'http://localhost:4000/graphql', repoRoot);
  if (!data) return undefined;
  const hash = createHash('sha256');
  hash.update(`sources ${await sourcesHash(repoRoot)}\n`);
  hash.update(`settings ${settingsHash(env)}\n`);
  hash.update(`data ${data}\n`);
  return hash.digest('hex');
}

/** The site's files (its package and the workspace's lockfile included), names and contents. */
export async function sourcesHash(repoRoot = REPO_ROOT): Promise<string> {
  const hash = createHash('sha256');
  const add = async (relative: string) => {
    hash.update(`${relative}\0`);
    hash.update(await readFile(path.join(repoRoot, relative)));
    hash.update('\0');
  };
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(path.join(repoRoot, folder), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (folder === 'site' && NOT_SOURCES.has(entry.name)) continue;
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile()) await add(relative);
    }
  };
  await walk('site');
  await add('package-lock.json');
  return hash.digest('hex');
}

/** The build's settings: every GATSBY_* variable (built into the pages) and the Node.js version. SITE_API_URL is not one: its data is. */
export function settingsHash(env: NodeJS.ProcessEnv): string {
  const settings = Object.entries(env)
    .filter(([key, value]) => key.startsWith('GATSBY_') && value)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify([process.version, settings]))
    .digest('hex');
}

/** The API's answer to the build's own query, hashed; undefined when the API does not answer it. */
export async function apiDataHash(apiUrl: string, repoRoot = REPO_ROOT): Promise<string | undefined> {
  try {
    const query = await readFile(path.join(repoRoot, DATA_QUERY_FILE), 'utf8');
    const response = await fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { data?: unknown; errors?: unknown };
    if (!response.ok || !body.data || body.errors) return undefined;
    return createHash('sha256').update(JSON.stringify(body.data)).digest('hex');
  } catch {
    return undefined;
  }
}

/** The last build's stamp matches, and site/public still holds that build (no other build has written over it). */
async function reusable(fingerprint: string, repoRoot: string): Promise<boolean> {
  const stamp = await readFile(path.join(repoRoot, STAMP_FILE), 'utf8')
    .then((text) => JSON.parse(text) as Partial<Stamp>)
    .catch(() => undefined);
  if (stamp?.fingerprint !== fingerprint) return false;
  const published = await publishedBuildId(repoRoot);
  if (!published || published !== stamp.buildId) return false;
  return readFile(path.join(repoRoot, 'site/public/index.html')).then(
    () => true,
    () => false,
  );
}

/** The id gatsby-node writes to site/public/builds/latest.json at the end of each build. */
async function publishedBuildId(repoRoot: string): Promise<string | undefined> {
  try {
    const latest = JSON.parse(await readFile(path.join(repoRoot, 'site/public/builds/latest.json'), 'utf8')) as { buildId?: unknown };
    return typeof latest.buildId === 'string' ? latest.buildId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `npm run build -w site` in a process group of its own, so that stopping
 * (`signal`) or this process exiting ends the whole build (npm, its shell,
 * gatsby and gatsby's workers), not npm alone.
 */
function npmBuild(env: NodeJS.ProcessEnv, repoRoot: string, quiet: boolean, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('The site build was not started: stopping.'));
    const build = spawn('npm', ['run', 'build', '-w', 'site'], {
      cwd: repoRoot,
      env,
      detached: true,
      // No terminal input: a process group in the background that read it would be stopped.
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    const end = () => {
      try {
        if (build.pid && build.exitCode === null && build.signalCode === null) process.kill(-build.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    signal?.addEventListener('abort', end, { once: true });
    process.once('exit', end);
    const settle = () => {
      signal?.removeEventListener('abort', end);
      process.off('exit', end);
    };
    build.on('error', (error) => {
      settle();
      reject(new Error(`The site build could not start: ${error.message}.`));
    });
    build.on('exit', (code, exitSignal) => {
      settle();
      if (code === 0) resolve();
      else
        reject(
          new Error(`The site build failed (${exitSignal ? `stopped by ${exitSignal}` : `exit code ${code}`}): see its output above.`),
        );
    });
  });
}

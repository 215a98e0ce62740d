/**
 * The tools only a benchmark or a check runs (Lighthouse, the MDN HTTP Observatory, autocannon) are not dependencies
 * of the workspace: they would bring several hundred packages to every `npm install` for commands most never run.
 * Each is installed at its pinned version the first time its command runs, into a folder of its own under
 * node_modules/.cache (so `npm ci` clears it with the rest), and loaded from there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './paths';

/** Each tool's packages at exact versions, with the overrides its own dependencies need. */
export const ON_DEMAND = {
  // chrome-launcher: the release Lighthouse itself depends on, which starts Chromium for it. Lighthouse 13 needs Node.js 22.19.
  lighthouse: {
    packages: { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1' },
    // Lighthouse's trace engine asks for the "latest" of these two, which this Lighthouse does not accept (npm ls: invalid).
    overrides: { 'third-party-web': '0.27.0', 'legacy-javascript': '0.0.1' },
  },
  observatory: { packages: { '@mdn/mdn-http-observatory': '1.4.8' } },
  autocannon: { packages: { autocannon: '8.0.0' } },
} satisfies Record<string, { packages: Record<string, string>; overrides?: Record<string, string> }>;

export type OnDemandTool = keyof typeof ON_DEMAND;

export const ON_DEMAND_ROOT = path.join(REPO_ROOT, 'node_modules', '.cache', 'segmentia-tools');

/**
 * The folder holding `tool`'s node_modules, installed first unless it holds these very versions. Without install
 * scripts: the Observatory's downloads two lists from the internet (the project writes them before a scan), and none
 * of the others has one.
 */
export function installOnDemand(tool: OnDemandTool): string {
  const { packages, ...overrides } = ON_DEMAND[tool];
  const manifest = JSON.stringify({ private: true, dependencies: packages, ...overrides }, null, 2);
  const folder = path.join(ON_DEMAND_ROOT, tool);
  const installed = (file: string) => existsSync(path.join(folder, file)) && readFileSync(path.join(folder, file), 'utf8');
  if (installed('package-lock.json') && installed('package.json') === manifest) return folder;
  // Installed beside its place and moved there whole, so that an interrupted install is never taken for one.
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  writeFileSync(path.join(partial, 'package.json'), manifest);
  const what = Object.entries(packages).map(([name, version]) => `${name}@${version}`);
  console.log(`Installing ${what.join(', ')} into ${path.relative(REPO_ROOT, folder)} (once, for this command)...`);
  execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', partial], {
    cwd: partial,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  rmSync(folder, { recursive: true, force: true });
  renameSync(partial, folder);
  return folder;
}

/** Where `specifier` (a package of `tool`, or a file in one) is, resolved as Node.js would from the tool's folder. */
export function resolveOnDemand(tool: OnDemandTool, specifier: string): string {
  return require.resolve(specifier, { paths: [installOnDemand(tool)] });
}

/** `import()` of a package of `tool`; `Module` is the local type of what the caller uses of it. */
export async function importOnDemand<Module>(tool: OnDemandTool, name: string): Promise<Module> {
  return (await import(pathToFileURL(resolveOnDemand(tool, name)).href)) as Module;
}

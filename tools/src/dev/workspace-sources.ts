import { readFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

type Exports = Record<string, string | { source?: string }>;
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const manifests = readJson<{ workspaces: string[] }>(path.join(ROOT, 'package.json')).workspaces.map((folder) => ({
  folder,
  ...readJson<{ name: string; exports?: Exports }>(path.join(ROOT, folder, 'package.json')),
}));

/** Every specifier another file may import a workspace by: its `exports`' keys, and nothing past them. */
export const WORKSPACE_ENTRIES: ReadonlySet<string> = new Set(
  manifests.flatMap(({ name, exports = {} }) => Object.keys(exports).map((entry) => path.posix.join(name, entry))),
);

/**
 * Every workspace's entry points, as its package.json `exports` declares them, to their TypeScript source (each
 * entry's `source` condition): tests run the code as it is now, never a stale build, and no test script builds first.
 */
export const WORKSPACE_SOURCES: Readonly<Record<string, string>> = Object.fromEntries(
  manifests.flatMap(({ folder, name, exports = {} }) =>
    Object.entries(exports).flatMap(([entry, target]) =>
      typeof target === 'object' && target.source ? [[path.posix.join(name, entry), path.join(ROOT, folder, target.source)]] : [],
    ),
  ),
);

/**
 * The same entries for what Node loads itself, outside jest's module registry (its global setups): jest's transform
 * compiles the TypeScript while the setup loads.
 */
export function resolveWorkspacesFromSource(): void {
  type Resolve = (request: string, ...rest: unknown[]) => string;
  const loader = Module as unknown as { _resolveFilename: Resolve };
  const resolveFilename = loader._resolveFilename;
  loader._resolveFilename = function (this: unknown, request, ...rest) {
    return resolveFilename.call(this, WORKSPACE_SOURCES[request] ?? request, ...rest);
  };
}

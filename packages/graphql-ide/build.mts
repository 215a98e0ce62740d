/**
 * Bundles the IDE for the browser (dist/ide.js, dist/ide.css: GraphiQL,
 * React and the explorer plugin, minified) and compiles the API's side
 * (dist/assets.js with its types). Skipped when dist is newer than every source.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
/** The newest change among files and folders' files. */
const newest = (...paths: string[]): number =>
  Math.max(
    ...paths.map((item) =>
      statSync(item).isDirectory() ? newest(...readdirSync(item).map((name) => path.join(item, name))) : statSync(item).mtimeMs,
    ),
  );
const built = path.join(here, 'dist/ide.js');
// Its own sources, and what it bundles of the contracts (the token messages it exchanges with the staff page).
const sources = [path.join(here, 'src'), path.join(here, 'package.json'), path.join(here, '../contracts/src/graphql-ide.ts')];

if (existsSync(built) && statSync(built).mtimeMs > newest(...sources)) {
  console.log('GraphQL IDE: up to date');
} else {
  await build({
    entryPoints: { ide: path.join(here, 'src/ide.tsx') },
    outdir: path.join(here, 'dist'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2022'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    logLevel: 'warning',
  });
  execFileSync('tsc', ['-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
  console.log('GraphQL IDE: built');
}

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
const newest = (dir: string): number => Math.max(...readdirSync(dir).map((name) => statSync(path.join(dir, name)).mtimeMs));
const built = path.join(here, 'dist/ide.js');
const sources = [path.join(here, 'src'), path.join(here, 'package.json')];

if (existsSync(built) && statSync(built).mtimeMs > Math.max(newest(sources[0]!), statSync(sources[1]!).mtimeMs)) {
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

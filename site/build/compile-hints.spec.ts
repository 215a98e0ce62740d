import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { COMPILE_HINT, CompileHintsPlugin } from './compile-hints';

/** A bundle shaped as Gatsby's: an entry, a page component imported by name, and a chunk that page imports later. */
function build(): Promise<{ dir: string; files: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-compile-hints-'));
  writeFileSync(
    path.join(dir, 'app.js'),
    'import(/* webpackChunkName: "component---src-pages-legal-tsx" */ "./page").then((m) => m.show());\n',
  );
  writeFileSync(
    path.join(dir, 'page.js'),
    'export function show() { document.title = "Legal"; import("./explorer").then((m) => m.open()); }\n',
  );
  writeFileSync(path.join(dir, 'explorer.js'), 'export function open() { document.body.append("explorer"); }\n');
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { app: './app.js' },
    output: { path: path.join(dir, 'public'), filename: '[name]-[contenthash].js', chunkFilename: '[name]-[contenthash].js' },
    plugins: [new CompileHintsPlugin()],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString('errors-only')));
      compiler.close(() => resolve({ dir: path.join(dir, 'public'), files: readdirSync(path.join(dir, 'public')) }));
    }),
  );
}

describe('CompileHintsPlugin', () => {
  it('starts the entry and the page components with V8’s compile hint, minified, and leaves later chunks alone', async () => {
    const { dir, files } = await build();
    const starts = new Map(files.map((file) => [file.replace(/-[0-9a-f]+\.js$/, ''), readFileSync(path.join(dir, file), 'utf8')]));
    const app = starts.get('app') ?? '';

    expect([...starts.keys()].sort()).toEqual([expect.stringMatching(/^\d+$/), 'app', 'component---src-pages-legal-tsx']);
    expect(app.startsWith(COMPILE_HINT)).toBe(true);
    expect(starts.get('component---src-pages-legal-tsx')?.startsWith(COMPILE_HINT)).toBe(true);
    const later = [...starts].find(([name]) => /^\d+$/.test(name))?.[1];
    expect(later).toContain('explorer');
    expect(later).not.toContain('allFunctionsCalledOnLoad');
    // Minified after the hint was planned: one line of code after it.
    expect(app.split('\n')).toHaveLength(2);
  }, 30_000);
});

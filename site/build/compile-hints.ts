import type { Compilation, Compiler } from 'webpack';

/** V8's explicit compile hint for a whole script (Chrome 136): compile every function now, on a background thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The scripts a page runs while it loads: the entry's (webpack's runtime, React, Gatsby's app) and each page
 * component's with what it imports. Chunks imported later (the explorer, the dialogs, Firebase) are left out.
 */
export function scriptsRunOnLoad(compilation: Pick<Compilation, 'chunkGroups'>): Set<string> {
  const files = new Set<string>();
  for (const group of compilation.chunkGroups) {
    if (!group.isInitial() && !group.name?.startsWith('component---')) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return files;
}

/**
 * Starts every script a page runs on load with V8's compile hint: nearly all of their functions are called as the page
 * hydrates, and V8 would otherwise compile each on the main thread at its first call, where the hint has them compiled
 * while the script streams in (docs/benchmarks.md). Runs after minification (which drops comments) and before webpack
 * hashes the final files.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap({ name: CompileHintsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
        for (const file of scriptsRunOnLoad(compilation)) {
          compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}

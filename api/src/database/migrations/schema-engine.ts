import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { MigrationAdapter } from './migration-adapter';
import type { SchemaEngine } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };

// @types/node 20 does not declare WebAssembly; this is the part used here.
interface WasmRuntime {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: object } }>;
}
const { WebAssembly: wasmRuntime } = globalThis as unknown as { WebAssembly: WasmRuntime };

/**
 * Prisma's schema engine compiled to WebAssembly (why: index.ts), over `schemaPath`'s datamodel. The package's entry
 * imports the .wasm file as an ES module, which Node only allows behind a flag, so the module is instantiated here
 * from its JS glue.
 */
export async function openSchemaEngine(databaseUrl: string, schemaPath: string): Promise<SchemaEngine> {
  const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const wasmFile = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
  // The engine sets long timers of its own: unref them so a finished
  // migration never keeps a process (a script, jest) alive.
  const imports = Object.fromEntries(
    Object.entries(glue).map(([name, value]) =>
      name.startsWith('__wbg_setTimeout_') && typeof value === 'function'
        ? [name, (...args: unknown[]) => unrefTimer((value as (...args: unknown[]) => unknown)(...args))]
        : [name, value],
    ),
  );
  const { instance } = await wasmRuntime.instantiate(await readFile(wasmFile), { './schema_engine_bg.js': imports });
  const exports = instance.exports as { __wbindgen_start(): void };
  glue.__wbg_set_wasm(exports);
  exports.__wbindgen_start();

  const schema = await readFile(schemaPath, 'utf8');
  const adapter = bindMigrationAwareSqlAdapterFactory(new MigrationAdapter(databaseUrl));
  return glue.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => undefined, adapter);
}

function unrefTimer(timer: unknown): unknown {
  (timer as Partial<NodeJS.Timeout> | undefined)?.unref?.();
  return timer;
}

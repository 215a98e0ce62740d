import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { SCHEMA_PATH } from './paths';
import type { SchemaEngine } from '@prisma/schema-engine-wasm' with { 'resolution-mode': 'import' };

// @types/node 20 does not declare WebAssembly; this is the part used here.
interface WasmRuntime {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: object } }>;
}
const { WebAssembly: wasmRuntime } = globalThis as unknown as { WebAssembly: WasmRuntime };

/**
 * Prisma's schema engine compiled to WebAssembly, talking to PostgreSQL through
 * the same pg driver adapter as the app. The native engine that `prisma
 * migrate` uses is downloaded from binaries.prisma.sh, which not every build machine reaches.
 *
 * The package's entry imports the .wasm file as an ES module, which Node only
 * allows behind a flag, so the module is instantiated here from its JS glue.
 */
export async function openSchemaEngine(databaseUrl: string): Promise<SchemaEngine> {
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

  const schema = await readFile(SCHEMA_PATH, 'utf8');
  const adapter = bindMigrationAwareSqlAdapterFactory(new MigrationAdapter(databaseUrl));
  return glue.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => undefined, adapter);
}

/**
 * Prisma's pg adapter, but for scripts: it runs one statement by statement, split at every semicolon (one inside a
 * DO block or a function's body too) and each on any connection of its pool. A migration goes to PostgreSQL whole
 * instead, as one simple query, which PostgreSQL runs as one transaction: all of it or nothing.
 */
export class MigrationAdapter extends PrismaPg {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    // The engine never closes the pool it opens; idle connections must not keep the process alive.
    const pool = new pg.Pool({ connectionString: databaseUrl, allowExitOnIdle: true });
    super(pool, { disposeExternalPool: true });
    this.pool = pool;
  }

  override async connect(): ReturnType<PrismaPg['connect']> {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      await this.pool.query(script);
    };
    return adapter;
  }
}

function unrefTimer(timer: unknown): unknown {
  (timer as Partial<NodeJS.Timeout> | undefined)?.unref?.();
  return timer;
}

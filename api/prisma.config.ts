import path from 'node:path';
import { defineConfig } from 'prisma/config';

// `prisma generate` looks for the native schema engine, which it downloads from
// binaries.prisma.sh, a host not every build machine reaches. Generating
// the client does not run it, so any existing file satisfies the check.
// Migrations run through the wasm engine instead: src/database/migrations says why.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(__dirname, 'prisma', 'schema.prisma');

export default defineConfig({
  schema: path.join(__dirname, 'prisma', 'schema.prisma'),
  migrations: { path: path.join(__dirname, 'prisma', 'migrations') },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});

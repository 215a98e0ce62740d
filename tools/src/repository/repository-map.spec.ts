import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../common/paths';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const folders = (dir: string) =>
  readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);

/** The paths the tree in docs/architecture.md names: top-level entries, and indented ones under the last top-level folder. */
function treePaths(): string[] {
  const doc = read('docs/architecture.md');
  const tree = /## The tree[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const paths: string[] = [];
  let parent = '';
  for (const line of tree.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match || match[2]!.includes('{') || !/[./]/.test(match[2]!)) continue;
    const [, indent, name] = match as unknown as [string, string, string];
    if (!indent) {
      parent = name.endsWith('/') ? name : '';
      paths.push(name);
    } else if (indent.length === 2 && parent) paths.push(parent + name);
  }
  return paths;
}

describe('the tree of docs/architecture.md', () => {
  const named = treePaths();

  it('names only paths that exist', () => {
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((entry) => !existsSync(path.join(REPO_ROOT, entry)))).toEqual([]);
  });

  it('names every workspace, and every folder of api/src, site/src/features and tools/src', () => {
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
    const ignored = new Set(['api/src/generated/']); // Prisma's client, generated on install
    const expected = [
      ...workspaces.map((workspace) => `${workspace}/`),
      ...folders('api/src'),
      ...folders('site/src/features'),
      ...folders('tools/src'),
    ].filter((folder) => !ignored.has(folder));
    expect(expected.filter((folder) => !named.includes(folder))).toEqual([]);
  });
});

describe('the README and docs/', () => {
  // docs/decisions/ too: its records link one another.
  const docs = readdirSync(path.join(REPO_ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  const pages = ['README.md', ...docs.map((file) => `docs/${file}`)];

  it('link only to files that exist', () => {
    const broken = pages.flatMap((page) =>
      [...read(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(path.resolve(REPO_ROOT, path.dirname(page), target)))
        .map((target) => `${page} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('keep the README to a few screens', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('the code', () => {
  /** Text and data, not code: translations, the catalogue, the lock file; and what is generated. */
  const NOT_CODE = /(^|\/)(locales|catalog|generated|migrations)\/|package-lock\.json$|^api\/schema\.graphql$|\.md$/;

  const files = execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts|css|graphql|json|yml)$/.test(file) && !NOT_CODE.test(file) && existsSync(path.join(REPO_ROOT, file)));

  it('has no line over 140 characters', () => {
    expect(files.length).toBeGreaterThan(300);
    const long = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => (line.length > 140 ? [`${file}:${index + 1} (${line.length})`] : [])),
    );
    expect(long).toEqual([]);
  });

  it('has no source file over 300 lines without the reason at its top', () => {
    const long = files
      .filter((file) => /\.(ts|tsx|mts|css)$/.test(file))
      .filter((file) => {
        const lines = read(file).split('\n');
        return lines.length > 301 && !lines.slice(0, 3).some((line) => line.includes('Over 300 lines on purpose'));
      });
    expect(long).toEqual([]);
  });
});

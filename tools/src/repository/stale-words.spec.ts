/**
 * Words that stay true. Neither the compiler nor a test reads a comment or a doc, so a rename that forgets one leaves it
 * pointing at nothing: this reads every text file the repository keeps and checks the repository paths, npm scripts and
 * settings it names against the tree, the package.json files and the code; and keeps history and measured figures out
 * of comments (docs/benchmarks.md holds the figures, the commit log the history).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../common/paths';

const git = (args: string[], input?: string) =>
  execFileSync('git', ['-c', 'core.excludesFile=/dev/null', ...args], { cwd: REPO_ROOT, encoding: 'utf8', input });
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** What a commit would hold: the tracked files and the new ones git does not ignore, as they are on disk. */
const files = [...new Set(git(['ls-files', '--cached', '--others', '--exclude-standard', '-z']).split('\0'))].filter(
  (file) => file && statSync(path.join(REPO_ROOT, file), { throwIfNoEntry: false })?.isFile(),
);
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, at, parts) => parts.slice(0, at + 1).join('/')),
  ),
);

/** Not prose: the lock file, data (the catalogue, translations), the printed schema, migrations (checksums freeze them), media. */
const NOT_PROSE = new RegExp(
  [
    String.raw`^package-lock\.json$`,
    String.raw`^api/prisma/(migrations|seed/catalog)/`,
    String.raw`(^|/)locales/.*\.json$`,
    String.raw`^api/schema\.graphql$`,
    String.raw`\.(png|jpe?g|gif|ico|svg|webm|mp4|woff2?)$`,
  ].join('|'),
);
/** Specs make up paths and settings on purpose (fixtures), so only their comments are read. */
const SPEC = /\.(e2e-|integration-)?spec\.tsx?$/;
const DOC = /\.md$/;

type Syntax = { line?: RegExp; block?: [RegExp, string] };
/** Where a comment starts: after the start of the line, a space or an opening bracket, so that `https://` and `'src/**\/*'` are not one. */
const after = String.raw`(?<=^|[\s{(;,])`;
const SLASHES: Syntax = { line: new RegExp(`${after}//`), block: [new RegExp(String.raw`${after}/\*`), '*/'] };
const HASH: Syntax = { line: /(?<=^|\s)#/ };
function syntaxOf(file: string): Syntax | undefined {
  if (/\.(ts|tsx|mts|js|mjs|prisma)$/.test(file)) return SLASHES;
  if (file.endsWith('.css')) return { block: SLASHES.block };
  if (file.endsWith('.sql')) return { line: /(?<=^|\s)--/ };
  if (/\.(mjml|html)$/.test(file)) return { block: [/<!--/, '-->'] };
  if (/\.json$/.test(file)) return undefined;
  return HASH; // shell, YAML, nginx, Dockerfile, .env, .gitignore, GraphQL, TOML
}

/** Each line split into its code and its comment ('' where it has none). */
function split(lines: string[], syntax: Syntax | undefined): Array<[code: string, comment: string]> {
  let open = false;
  return lines.map((line) => {
    let code = '';
    let comment = '';
    let rest = line;
    while (rest) {
      if (open) {
        const end = rest.indexOf(syntax!.block![1]);
        comment += `${end < 0 ? rest : rest.slice(0, end)} `;
        rest = end < 0 ? '' : rest.slice(end + syntax!.block![1].length);
        open = end < 0;
        continue;
      }
      const lineAt = syntax?.line ? rest.search(syntax.line) : -1;
      const blockAt = syntax?.block ? rest.search(syntax.block[0]) : -1;
      if (lineAt >= 0 && (blockAt < 0 || lineAt < blockAt)) return [code + rest.slice(0, lineAt), comment + rest.slice(lineAt)];
      if (blockAt < 0) return [code + rest, comment];
      code += rest.slice(0, blockAt);
      open = true;
      rest = rest.slice(blockAt + 2);
    }
    return [code, comment];
  });
}

type Text = { file: string; lines: string[]; code: string[]; comments: string[] };
const texts: Text[] = files
  .filter((file) => !NOT_PROSE.test(file))
  .map((file) => ({ file, text: read(file) }))
  .filter(({ text }) => !text.includes('\0'))
  .map(({ file, text }) => {
    const lines = text.split('\n');
    if (DOC.test(file)) return { file, lines, code: [], comments: lines };
    const parts = split(lines, syntaxOf(file));
    return { file, lines, code: parts.map(([code]) => code), comments: parts.map(([, comment]) => comment) };
  });
/** The words a file's names are checked in: a doc's every line, a spec's comments, anything else whole. */
const wordsOf = ({ file, lines, comments }: Text) => (SPEC.test(file) ? comments : lines);

type Offence = { at: string; name: string };
const report = (offences: Offence[]) => offences.map(({ at, name }) => `${at}  ${name}`);
function scan(pick: (text: Text) => string[], pattern: RegExp): Array<Offence & { file: string; match: RegExpMatchArray }> {
  return texts.flatMap((text) =>
    pick(text).flatMap((line, index) =>
      [...line.matchAll(pattern)].map((match) => ({ file: text.file, at: `${text.file}:${index + 1}`, name: match[1]!, match })),
    ),
  );
}

const escape = (text: string) => text.replace(/[.+^()|[\]\\]/g, '\\$&');
/** A path with `*`, `?`, `{a,b}`, `{placeholder}`, `<placeholder>`, `${variable}` or `…` matches at least one file or folder. */
function globMatches(glob: string): boolean {
  const pattern = escape(glob)
    .replace(/\$\{[^}]*\}|\$\w+|<[^>]*>|…/g, '\u0001')
    .replace(/\{([^}]*)\}/g, (_, options: string) => (options.includes(',') ? `(${options.split(',').join('|')})` : '\u0001'))
    .replace(/\*\*\/?/g, '\u0002')
    .replace(/\*/g, '\u0001')
    .replace(/\?/g, '[^/]')
    .replaceAll('\u0002', '(.*/)?')
    .replaceAll('\u0001', '[^/]*');
  const regex = new RegExp(`^${pattern}/?$`);
  return files.some((file) => regex.test(file)) || [...folders].some((folder) => regex.test(folder));
}
const GLOB = /[*?{<$…]/;
const FILES = new Set(files);
const exists = (name: string) => (GLOB.test(name) ? globMatches(name) : folders.has(name.replace(/\/$/, '')) || FILES.has(name));

/** Built output is named by its source: tools/dist/src/commands/start.js is tools/src/commands/start.ts. */
function builtFromSource(name: string): boolean | undefined {
  const [, workspace, built = ''] = /^(.+?)\/dist(\/.*)?$/.exec(name) ?? [];
  if (!workspace || !exists(`${workspace}/package.json`)) return undefined;
  const source = built.replace(/\.(d\.ts|js|mjs|cjs)(\.map)?$/, '');
  return [`${workspace}${source}`, `${workspace}/src${source}`].some((file) => exists(file) || exists(`${file}.*`));
}

/** Of these paths, those git would ignore: what a build, a test or a start writes. */
function ignored(names: string[]): Set<string> {
  const literal = (name: string) => name.slice(0, GLOB.test(name) ? name.search(GLOB) : undefined);
  const queries = names.flatMap((name) => [literal(name), `${literal(name).replace(/\/$/, '')}/`]);
  let answer: string;
  try {
    answer = git(['check-ignore', '--no-index', '--stdin'], queries.join('\n'));
  } catch (error) {
    answer = (error as { stdout?: string }).stdout ?? ''; // exits 1 when none is ignored
  }
  const yes = new Set(answer.split('\n'));
  return new Set(names.filter((name) => yes.has(literal(name)) || yes.has(`${literal(name).replace(/\/$/, '')}/`)));
}

const TOP_FOLDERS = [...new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!))];
/** A repository path: one of the top folders, then path characters, `{a,b}` and `<placeholder>` included. */
const REPO_PATH = new RegExp(
  String.raw`(?<![\w./@~$\\-])((?:${TOP_FOLDERS.map(escape).join('|')})/(?:\{[^}\s]*\}|<[\w-]+>|[^\s\x60'"()<>[\],;|\\])*)`,
  'g',
);
/** Without the `:line`, `#anchor` or punctuation a sentence puts after it. */
const bare = (name: string) =>
  name
    .replace(/[.,:;!?]+$/, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '');

const EXTENSIONS = 'ts|tsx|mts|js|md|json|ya?ml|sql|prisma|graphql|css|mjml|sh|conf|template|env';
/**
 * In comments and docs: a path from the file's folder or its workspace's; or the name alone of a source file, an upper-case
 * doc (README.md), a Dockerfile, a compose file or a .env file.
 */
const NEAR_PATH = new RegExp(String.raw`(?<![\w./@~$\\-])((?:\.{1,2}/|[\w.-]+/)+[\w.-]+\.(?:${EXTENSIONS}))\b`, 'g');
const OWN_NAME = new RegExp(
  String.raw`(?<![\w./@~$\\-])([\w-]+(?:\.[\w-]+)*\.(?:tsx?|mts)|[A-Z][A-Z\d_-]*\.md|` +
    String.raw`Dockerfile(?:\.[\w-]+)?|docker-compose[\w.-]*\.ya?ml|\.env(?:\.[\w-]+)?)\b(?!/)`,
  'g',
);
const NAMES = new Set(files.map((file) => path.basename(file)));
const workspaceOf = (file: string) =>
  file
    .split('/')
    .map((_, at, parts) => parts.slice(0, at).join('/'))
    .reverse()
    .find((folder) => folder && exists(`${folder}/package.json`)) ?? '';

describe('the words of the repository', () => {
  it('name repository paths that exist, or that git ignores (what a build, a test or a start writes)', () => {
    const named = scan(wordsOf, REPO_PATH)
      .map((reference) => ({ ...reference, name: bare(reference.name) }))
      // kubectl's deploy/<name> is a Deployment
      .filter(({ name, match }) => !(/^deploy\/[\w-]+$/.test(name) && match.input!.includes('kubectl')));
    const missing = named.filter(({ name }) => !(builtFromSource(name) ?? exists(name)));
    const built = ignored(missing.filter(({ name }) => builtFromSource(name) === undefined).map(({ name }) => name));
    expect(named.length).toBeGreaterThan(300);
    expect(report(missing.filter(({ name }) => !built.has(name)))).toEqual([]);
  });

  it("name other files by a path from the file's folder, its workspace or the top, or by a name the tree has", () => {
    const named = [...scan((text) => text.comments, NEAR_PATH), ...scan((text) => text.comments, OWN_NAME)]
      .filter(({ name }) => !TOP_FOLDERS.includes(name.split('/')[0]!))
      .map((reference) => {
        const from = [path.dirname(reference.file), workspaceOf(reference.file), '.'];
        const candidates = from.map((folder) => path.normalize(path.join(folder, reference.name)));
        return { ...reference, candidates: candidates.filter((candidate) => !candidate.startsWith('../')) };
      });
    const missing = named.filter(
      ({ name, candidates }) =>
        !candidates.some((candidate) => builtFromSource(candidate) ?? exists(candidate)) &&
        !(name.includes('/') ? files.some((file) => file.endsWith(`/${name.replace(/^(\.\.?\/)+/, '')}`)) : NAMES.has(name)) &&
        !statSync(path.join(REPO_ROOT, 'node_modules', name), { throwIfNoEntry: false }),
    );
    const built = ignored(missing.flatMap(({ candidates }) => candidates));
    expect(named.length).toBeGreaterThan(100);
    expect(report(missing.filter(({ candidates }) => !candidates.some((candidate) => built.has(candidate))))).toEqual([]);
  });
});

type Scripts = Record<string, string>;
const scriptsOf = (folder: string) => (JSON.parse(read(path.join(folder, 'package.json'))) as { scripts?: Scripts }).scripts ?? {};
const WORKSPACE_SCRIPTS = new Map(
  (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.flatMap((folder) => {
    const { name } = JSON.parse(read(path.join(folder, 'package.json'))) as { name: string };
    return [name, folder].map((key) => [key, scriptsOf(folder)] as const);
  }),
);
/** `npm run <script>`, and the workspaces after it (`-w api`, `--workspace=@segmentia/tools`). */
const NPM_RUN = /\bnpm run ([^\s\x60'"<>$\\]+)((?:\s+(?:-w|--workspace)(?:=|\s+)[^\s\x60'"\\)]+)*)/g;

/** Code that reads settings: its words, comments aside. */
const READERS = /\.(ts|tsx|mts|js|mjs|sh|ya?ml|conf|template|env)$|(^|\/)Dockerfile$|^\.ci\/run$/;
const READ_WORDS = new Set(
  texts.filter(({ file }) => READERS.test(file)).flatMap(({ code }) => code.flatMap((line) => line.match(/\b[A-Z][A-Z\d_]*\b/g) ?? [])),
);
/** An environment variable: upper case, with an underscore; in a doc's back-quotes (maybe with `=value`), or process.env's. */
const DOC_SETTING = /\x60([A-Z][A-Z\d]*(?:_[A-Z\d]+)+)(?:=[^\x60]*)?\x60/g;
const PROCESS_ENV = /\bprocess\.env\.([A-Za-z_]\w*)/g;

describe('the npm scripts and settings comments and docs name', () => {
  it('are scripts of the root package.json, of the workspace -w names, or of the workspace the file is in', () => {
    const named = scan(wordsOf, NPM_RUN).map((reference) => ({
      ...reference,
      name: reference.name.replace(/[.,:;)]+$/, ''),
      workspaces: [...reference.match[2]!.matchAll(/(?:-w|--workspace)(?:=|\s+)(\S+)/g)].map(([, workspace]) => workspace!),
    }));
    const missing = named.filter(({ file, name, workspaces }) =>
      workspaces.length
        ? workspaces.some((workspace) => !(name in (WORKSPACE_SCRIPTS.get(workspace) ?? {})))
        : !(name in scriptsOf('.')) && !(name in (WORKSPACE_SCRIPTS.get(workspaceOf(file)) ?? {})),
    );
    expect(named.length).toBeGreaterThan(200);
    expect(report(missing.map(({ at, name, workspaces }) => ({ at, name: [name, ...workspaces].join(' -w ') })))).toEqual([]);
  });

  it('are settings the code reads', () => {
    const named = [...scan((text) => (DOC.test(text.file) ? text.lines : []), DOC_SETTING), ...scan((text) => text.comments, PROCESS_ENV)];
    expect(named.length).toBeGreaterThan(100);
    expect(report(named.filter(({ name }) => !READ_WORDS.has(name)))).toEqual([]);
  });
});

/** History and measured figures, which a comment's reader cannot check against the code: the log and docs/benchmarks.md hold them. */
const NARRATION = [
  /\bissues? #?\d+\b/i, // "(issue 15)"
  /\b\d+(?:\.\d+)? ?(?:ms|s|min|%|[kKM]i?B)? ?(?:→|->) ?\d+(?:\.\d+)? ?(?:ms|s|min|%|[kKM]i?B)\b/, // "28 → 18 ms"
  /\b\d+(?:\.\d+)?[–-]\d+(?:\.\d+)? ?(?:ms|s|min)\b/, // "26–30 s"
  /\bwas \d+(?:\.\d+)? ?(?:ms|s|min)\b/i, // "was 28 ms"
  /\b\d+(?:\.\d+)? ?(?:ms|s|min)\b,? (?:here|on this machine|locally)\b/, // "1.6 min here"
  /\bmedian of \d+\b/i, // "median of 7 loads"
  /\bour (?:machines?|laptops?|computers?)\b/i, // "our machines cannot download it"
];

describe('comments', () => {
  it('say why without telling history or measured figures', () => {
    const self = path.relative(REPO_ROOT, __filename); // its examples above
    const code = (text: Text) => (DOC.test(text.file) || text.file.endsWith('.json') || text.file === self ? [] : text.comments);
    const narrating = NARRATION.flatMap((pattern) => scan(code, new RegExp(`(${pattern.source})`, `${pattern.flags}g`)));
    expect(texts.filter((text) => code(text).some(Boolean)).length).toBeGreaterThan(300);
    expect(report(narrating).sort()).toEqual([]);
  });
});

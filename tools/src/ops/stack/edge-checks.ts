/**
 * The checks of the production edge (the web image's nginx in front of the API, as the compose stack runs it):
 * the MDN HTTP Observatory's grade, and what the scanner does not look at (routing, caching, compression, published
 * files), for `npm run test:security`; `get`, one plain request, for the other checks.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveOnDemand } from '../../common/on-demand';

interface TestResult {
  pass: boolean;
  result: string;
  scoreModifier: number;
}
interface Scan {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests: Record<string, TestResult>;
}

/** The scanner's package folder, installed at its pinned version the first time a check runs (common/on-demand.ts). */
const scanner = () => path.dirname(resolveOnDemand('observatory', '@mdn/mdn-http-observatory/package.json'));

/**
 * The scanner reads two lists its install script downloads from the internet;
 * offline, the project gives them: no domain on the HSTS preload list, and the
 * one top-level "domain" scanned here.
 */
function prepareScanner(): void {
  const conf = path.join(scanner(), 'conf');
  mkdirSync(conf, { recursive: true });
  writeFileSync(path.join(conf, 'hsts-preload.json'), '{}');
  writeFileSync(path.join(conf, 'tld-list.json'), '["localhost"]');
}

/** Runs the scanner in a Node.js process of its own: the CA to trust must be known when Node starts. */
async function scan(ca: string): Promise<Scan> {
  const script = `import { scan } from ${JSON.stringify(path.join(scanner(), 'src', 'scanner', 'index.js'))};
    process.stdout.write(JSON.stringify(await scan('localhost')));`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: ca },
      timeout: 60_000,
      maxBuffer: 10 * 1024 * 1024,
    });
    return JSON.parse(stdout) as Scan;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`The scanner failed: ${stderr.split('\n').find((line) => /Error/.test(line)) ?? stderr.trim()}`);
  }
}

function describeTests(tests: Record<string, TestResult>, names: string[]): string {
  return names.map((name) => `${name}: ${tests[name]!.result} (${tests[name]!.scoreModifier})`).join('; ');
}

export interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET, not following redirects, the body undecoded (only read when not compressed). */
export function get(url: string, ca: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).get(url, { ca, headers, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within 10 s`)));
    request.on('error', reject);
  });
}

/** An edge to check: its HTTPS origin (with plain HTTP on port 80), the CA that signed its certificate, what it serves. */
export interface Edge {
  siteUrl: string;
  /** The certificate authority's certificate (PEM). */
  ca: string;
  /** The site's files, relative to its root. */
  published: string[];
  /** Whether its nginx compresses with brotli. */
  brotli: boolean;
}

/**
 * The MDN HTTP Observatory's scan of https://localhost (ports 80 and 443, where it looks), trusting `caFile`:
 * one line, and whether it is an A+.
 */
export async function observatoryAPlus(caFile: string, what: string): Promise<boolean> {
  prepareScanner();
  const production = await scan(caFile);
  const losing = Object.keys(production.tests).filter((name) => production.tests[name]!.scoreModifier < 0 || !production.tests[name]!.pass);
  const aPlus = production.scan.grade === 'A+';
  console.log(
    `${aPlus ? 'PASS' : 'FAIL'}  ${what}: grade ${production.scan.grade}, score ${production.scan.score}, ` +
      `${production.scan.testsPassed}/${production.scan.testsQuantity} tests ` +
      `passed${losing.length ? `; ${describeTests(production.tests, losing)}` : ''}`,
  );
  return aPlus;
}

/**
 * What the scanner does not look at: production nginx's routing, caching,
 * compression and published files. One line each; returns whether all passed.
 */
export async function checkEdge({ siteUrl, ca, published, brotli }: Edge): Promise<boolean> {
  const results: [string, boolean, string][] = [];
  const check = (name: string, ok: boolean, figures: string) => results.push([name, ok, figures]);

  const redirect = await get('http://localhost/en/?x=1', ca);
  const challenge = await get('http://localhost/.well-known/acme-challenge/missing', ca);
  check(
    'port 80',
    redirect.status === 301 && redirect.headers.location === `${siteUrl}/en/?x=1` && challenge.status === 404,
    `/en/ -> ${redirect.status} ${redirect.headers.location}; ACME path -> ${challenge.status}`,
  );

  const notFound = await get(`${siteUrl}/de/nope`, ca);
  const spanish = await get(`${siteUrl}/nope/`, ca);
  const lang = (page: Fetched) => /<html[^>]*\slang="([a-z]+)/.exec(page.body)?.[1];
  check(
    'unknown paths',
    notFound.status === 404 &&
      lang(notFound) === 'de' &&
      spanish.status === 404 &&
      lang(spanish) === 'es' &&
      Boolean(notFound.headers['content-security-policy']),
    `/de/nope -> ${notFound.status} (lang ${lang(notFound)}), /nope/ -> ${spanish.status} (lang ${lang(spanish)})`,
  );

  const home = (headers: Record<string, string>) => get(`${siteUrl}/?utm_source=x`, ca, headers);
  const [german, crawler, internal, chosen] = await Promise.all([
    home({ 'accept-language': 'pt-BR, de;q=0.9' }),
    home({ 'accept-language': 'de', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
    home({ 'accept-language': 'de', referer: `${siteUrl}/legal/` }),
    home({ 'accept-language': 'de', cookie: 'lang=es' }),
  ]);
  check(
    'language of /',
    german.status === 302 &&
      german.headers.location === '/de/?utm_source=x' &&
      [german, crawler].every((answer) => String(answer.headers.vary).includes('Cookie, Accept-Language')) &&
      [crawler, internal, chosen].every((answer) => answer.status === 200),
    `German browser -> ${german.status} ${german.headers.location} (Vary: ${german.headers.vary}); ` +
      `crawler ${crawler.status}, from a page of the site ${internal.status}, lang=es ${chosen.status}`,
  );

  const question = `${siteUrl}/graphql?query=${encodeURIComponent('{ coverage { countries } }')}`;
  const preflighted = { 'apollo-require-preflight': 'true' };
  const [miss, hit, signedIn] = [
    await get(question, ca, preflighted),
    await get(question, ca, preflighted),
    await get(question, ca, { ...preflighted, authorization: 'Bearer x' }),
  ];
  check(
    'API cache',
    miss.headers['x-cache-status'] !== 'HIT' &&
      hit.headers['x-cache-status'] === 'HIT' &&
      signedIn.headers['x-cache-status'] === 'BYPASS' &&
      /public/.test(String(hit.headers['cache-control'])) &&
      Boolean(hit.headers['content-security-policy']),
    `catalog GET: ${miss.headers['x-cache-status']} then ${hit.headers['x-cache-status']} ` +
      `(${hit.headers['cache-control']}); with Authorization: ${signedIn.headers['x-cache-status']}`,
  );

  const prefix = await get(`${siteUrl}/graphqlx`, ca);
  check('/graphql exact', prefix.status === 404 && !/"errors"/.test(prefix.body), `/graphqlx -> ${prefix.status}, not the API`);

  // The API behind serves these with GRAPHQL_IDE=true (the checks run it so); the public edge passes on /graphql alone.
  const ideFiles = ['/graphql-ide/ide.js', '/graphql-ide/schema.graphql'];
  const ide = await Promise.all(ideFiles.map((file) => get(`${siteUrl}${file}`, ca)));
  check(
    'GraphQL IDE',
    ide.every((answer) => answer.status === 404 && !/type Query|GraphiQL/.test(answer.body)),
    ideFiles.map((file, index) => `${file} -> ${ide[index]!.status}`).join(', '),
  );

  const hashed = published.find((file) => /^app-[0-9a-f]{16,}\.js$/.test(file));
  const revalidated = ['/favicon.svg', '/coverage-map.svg', '/page-data/index/page-data.json', '/sitemap-index.xml', '/en/'];
  const caching = await Promise.all(
    [`/${hashed}`, ...revalidated].map(async (file) => [file, (await get(`${siteUrl}${file}`, ca)).headers] as const),
  );
  const immutable = caching.filter(([, headers]) => /immutable/.test(String(headers['cache-control']))).map(([file]) => file);
  const revalidating = caching
    .filter(([, headers]) => /max-age=0, must-revalidate/.test(String(headers['cache-control'])) && headers.etag)
    .map(([file]) => file);
  check(
    'caching',
    Boolean(hashed) && immutable.join() === `/${hashed}` && revalidating.length === revalidated.length,
    `immutable: ${immutable.join(', ')}; revalidated with ETag: ${revalidating.join(', ')}`,
  );

  const leaks = published.filter((file) => file.endsWith('.map') || path.basename(file) === 'webpack.stats.json');
  check(
    'published files',
    leaks.length === 0,
    leaks.length ? `published: ${leaks.slice(0, 5).join(', ')}` : `${published.length} files, no source map, no webpack.stats.json`,
  );

  const encodings = await Promise.all(
    ['br, gzip', 'gzip'].map(
      async (accept) => (await get(`${siteUrl}/${hashed}`, ca, { 'accept-encoding': accept })).headers['content-encoding'],
    ),
  );
  check(
    'compression',
    encodings[0] === (brotli ? 'br' : 'gzip') && encodings[1] === 'gzip',
    `br, gzip -> ${encodings[0]}; gzip -> ${encodings[1]} (nginx ${brotli ? 'has' : 'lacks'} the brotli module)`,
  );

  for (const [name, ok, figures] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  nginx ${name}: ${figures}`);
  return results.every(([, ok]) => ok);
}

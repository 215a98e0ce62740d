/**
 * `npm run test:security`: the MDN HTTP Observatory's scanner (the library
 * behind observatory.mozilla.org, run here offline) grades the production
 * topology (as `npm run prod` starts it, on ports 80 and 443, where the
 * scanner looks) with the local certificate authority trusted: it must be A+.
 * Then it checks `npm start`'s site server over plain HTTP: every header test
 * that does not need HTTPS must pass. Exits 1 otherwise.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { ConfigError } from '@segmentia/api/src/common/config/app-config';
import { scratchTopology, type Topology } from './production/topology';
import { serveSite } from './site-server';

interface TestResult {
  pass: boolean;
  result: string;
  scoreModifier: number;
}
interface Scan {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests: Record<string, TestResult>;
}

/** Tests that only HTTPS can pass: a plain HTTP server is not graded on them. */
const HTTPS_ONLY = new Set(['strict-transport-security', 'redirection']);

const SCANNER = path.dirname(require.resolve('@mdn/mdn-http-observatory/package.json'));

/**
 * The scanner reads two lists its install script downloads from the internet;
 * offline, the project gives them: no domain on the HSTS preload list, and the
 * one top-level "domain" scanned here.
 */
function prepareScanner(): void {
  mkdirSync(path.join(SCANNER, 'conf'), { recursive: true });
  writeFileSync(path.join(SCANNER, 'conf', 'hsts-preload.json'), '{}');
  writeFileSync(path.join(SCANNER, 'conf', 'tld-list.json'), '["localhost"]');
}

/**
 * Runs the scanner in a Node.js process of its own (the CA to trust must be
 * known when Node starts), without blocking this one (it may be the server).
 */
async function scan(ca?: string): Promise<Scan> {
  const script = `import { scan } from ${JSON.stringify(path.join(SCANNER, 'src', 'scanner', 'index.js'))};
    process.stdout.write(JSON.stringify(await scan('localhost')));`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...(ca ? { NODE_EXTRA_CA_CERTS: ca } : {}) },
      timeout: 60_000,
      maxBuffer: 10 * 1024 * 1024,
    });
    return JSON.parse(stdout) as Scan;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`The scanner failed: ${stderr.split('\n').find((line) => /Error/.test(line)) ?? stderr.trim()}`);
  }
}

function describe(tests: Record<string, TestResult>, names: string[]): string {
  return names.map((name) => `${name}: ${tests[name]!.result} (${tests[name]!.scoreModifier})`).join('; ');
}

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One GET, not following redirects, the body undecoded (only read when not compressed). */
function get(url: string, ca: string, headers: Record<string, string> = {}): Promise<Fetched> {
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

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/**
 * What the scanner does not look at: production nginx's routing, caching,
 * compression and published files. One line each; returns whether all passed.
 */
async function checkEdge({ siteUrl, siteRoot, nginxDir, certificates }: Topology): Promise<boolean> {
  const ca = readFileSync(certificates.ca, 'utf8');
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

  const published = files(siteRoot).map((file) => path.relative(siteRoot, file));
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

  const brotli = /brotli on;/.test(readFileSync(path.join(nginxDir, 'nginx.conf'), 'utf8'));
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

async function main(): Promise<void> {
  prepareScanner();
  // Ports 80 and 443: where the scanner looks.
  const { topology, discard } = scratchTopology('the security check', {
    http: 80,
    https: 443,
    api: [14201, 14202],
    metrics: [19201, 19202],
    postgres: 54369,
    redis: 16391,
  });
  let failed = false;
  try {
    await topology.start((line) => console.log(`  ${line}`));
    const production = await scan(topology.certificates.ca);
    const losing = Object.keys(production.tests).filter(
      (name) => production.tests[name]!.scoreModifier < 0 || !production.tests[name]!.pass,
    );
    const aPlus = production.scan.grade === 'A+';
    failed ||= !aPlus;
    console.log(
      `${aPlus ? 'PASS' : 'FAIL'}  production nginx (https://localhost): grade ${production.scan.grade}, score ${production.scan.score}, ` +
        `${production.scan.testsPassed}/${production.scan.testsQuantity} tests ` +
        `passed${losing.length ? `; ${describe(production.tests, losing)}` : ''}`,
    );
    failed = !(await checkEdge(topology)) || failed;
  } finally {
    await topology.stop();
  }

  // npm start's site server, plain HTTP on port 80, serving the same build.
  const site = await serveSite(topology.siteRoot, 80, '::', 'the security check');
  try {
    const plain = await scan();
    const graded = Object.keys(plain.tests).filter((name) => !HTTPS_ONLY.has(name));
    const failing = graded.filter((name) => !plain.tests[name]!.pass);
    failed ||= failing.length > 0;
    console.log(
      `${failing.length ? 'FAIL' : 'PASS'}  npm start's site server (http://localhost): ` +
        `${graded.length - failing.length}/${graded.length} header tests passed ` +
        `(grade ${plain.scan.grade}, score ${plain.scan.score} without ` +
        `HTTPS)${failing.length ? `; ${describe(plain.tests, failing)}` : ''}`,
    );
  } finally {
    await new Promise((resolve) => site.close(resolve));
    discard();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * Each visitor's budget on /graphql, with this machine's nginx running the template as `npm run prod` renders it
 * (EDGE_LIMITS, the web image's defaults) in front of a stand-in API, listening on IPv6 too, as on a dual-stack host.
 * As root: IPv6 addresses of two /64s are added to the loopback interface for the test, and removed after it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { until } from '@segmentia/testing';
import { type Answer, Client } from '../drill/client';
import { freePort } from '../../common/ports';
import { EDGE_LIMITS, NGINX_TEMPLATE, writeNginxConfig } from './nginx';

const BURST = Number(EDGE_LIMITS.NGINX_GRAPHQL_BURST);
/** Two addresses of one /64, and one of the next /64. */
const SAME_64 = ['fd00::1', 'fd00::2'];
const NEXT_64 = 'fd00:0:0:1::1';
const ipv6 = (command: 'add' | 'del', address: string) => {
  const done = spawnSync('ip', ['-6', 'addr', command, `${address}/128`, 'dev', 'lo', ...(command === 'add' ? ['nodad'] : [])]);
  if (command === 'add' && done.status !== 0) throw new Error(`ip -6 addr add ${address}: ${done.stderr} (as root)`);
};
const CONNECTIONS = Number(EDGE_LIMITS.NGINX_GRAPHQL_CONNECTIONS);

describe("nginx's budget per visitor on /graphql", () => {
  let dir: string;
  let nginx: ChildProcess;
  let api: http.Server;
  /** How long the stand-in API takes to answer, ms. */
  let apiDelay = 0;
  let url: string;
  /** The same, at the loopback's IPv6 address. */
  let url6: string;
  let ca: string;
  const clients: Client[] = [];
  const client = (sockets: number, address = '127.0.0.1', at = url) => {
    const made = new Client({ url: at, ca, servername: 'localhost' }, sockets, address);
    clients.push(made);
    return made;
  };
  const codes = (answers: Answer[]) => answers.map((answer) => (answer.status === 429 ? 429 : answer.code));
  const count = (values: unknown[], value: unknown) => values.filter((item) => item === value).length;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-nginx-limits-'));
    api = http.createServer((request, response) => {
      request
        .resume()
        .on('end', () =>
          setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"ok":true}}'), apiDelay),
        );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:::1'],
    ]);
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
    ca = readFileSync(cert, 'utf8');
    const headers = path.join(dir, 'headers');
    mkdirSync(headers);
    for (const file of [
      'security-headers.conf',
      'security-headers-home.conf',
      'security-headers-staff.conf',
      'security-headers-untagged.conf',
    ])
      writeFileSync(path.join(headers, file), 'add_header X-Content-Type-Options nosniff always;\n');
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const config = writeNginxConfig(path.join(dir, 'nginx'), {
      SITE_URL: `https://localhost:${httpsPort}`,
      NGINX_HTTP_PORT: String(httpPort),
      NGINX_HTTPS_PORT: String(httpsPort),
      NGINX_TLS_CERT: cert,
      NGINX_TLS_KEY: key,
      NGINX_SITE_ROOT: dir,
      NGINX_API_SERVERS: `server 127.0.0.1:${(api.address() as AddressInfo).port};`,
      NGINX_REAL_IP: '',
      ...EDGE_LIMITS,
      NGINX_ACCESS_LOG: path.join(dir, 'access.log'),
      NGINX_HEADERS_DIR: headers,
      NGINX_CACHE_DIR: path.join(dir, 'cache'),
      NGINX_ACME_ROOT: dir,
      NGINX_STATUS_PORT: String(await freePort()),
    });
    const site = path.join(dir, 'nginx', 'default.conf');
    const listen = `listen ${httpsPort} ssl http2 default_server;`;
    writeFileSync(site, readFileSync(site, 'utf8').replace(listen, `${listen}\n  listen [::]:${httpsPort} ssl http2 default_server;`));
    for (const address of [...SAME_64, NEXT_64]) ipv6('add', address);
    nginx = spawn('nginx', ['-c', config, '-g', 'daemon off;'], { stdio: 'ignore' });
    url = `https://localhost:${httpsPort}/graphql`;
    url6 = `https://[::1]:${httpsPort}/graphql`;
    await until(
      'nginx answers',
      async () => (await fetch(`http://127.0.0.1:${httpPort}/nginx-health`).catch(() => undefined))?.ok === true,
    );
  });

  afterAll(async () => {
    for (const made of clients) made.close();
    nginx?.kill('SIGQUIT');
    await new Promise((resolve) => (nginx.exitCode === null ? nginx.once('exit', resolve) : resolve(undefined)));
    await new Promise((resolve) => api?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
    for (const address of [...SAME_64, NEXT_64]) ipv6('del', address);
  });

  /** One POST from `localAddress`: its status, headers and body. */
  const post = (localAddress: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = https.request(
        url,
        { method: 'POST', ca, localAddress, headers: { 'content-type': 'application/json' } },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
        },
      );
      request.on('error', reject).end('{"query":"{ ok }"}');
    });

  it('lets a burst through at once, then answers 429 with the API’s own TOO_MANY_REQUESTS, in GraphQL’s media type', async () => {
    const answers = [];
    for (let i = 0; i < BURST + 20; i++) answers.push(await post('127.0.0.2'));
    const statuses = answers.map((answer) => answer.status);
    // The burst, and the few the rate (10 a second) frees while they are sent one after another.
    expect(statuses.slice(0, BURST + 1)).toEqual(Array(BURST + 1).fill(200));
    expect(count(statuses, 200)).toBeLessThan(BURST + 10);
    expect(count(statuses, 429)).toBe(statuses.length - count(statuses, 200));
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.headers['content-type']).toBe('application/graphql-response+json');
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(refused.body)).toEqual({
      errors: [{ message: 'Too many requests: try again in 1 s', extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 1 } }],
    });
  });

  it('counts each address on its own: another is served while one is over its budget', async () => {
    const flooder = client(1, '127.0.0.3');
    for (let i = 0; i < BURST + 5; i++) await flooder.graphql('{ ok }');
    expect((await flooder.graphql('{ ok }')).status).toBe(429);
    expect((await client(1, '127.0.0.4').graphql('{ ok }')).code).toBe('OK');
  });

  it('counts an IPv6 visitor by its /64: another address of it shares the budget, one of the next /64 does not', async () => {
    // Sent on many sockets at once, so the rate (10 a second) frees almost nothing while they go: on a busy machine one
    // request after another frees a token each time.
    const [first, second, next] = [...SAME_64, NEXT_64].map((address) => client(BURST + 20, address, url6));
    const flood = await Promise.all(Array.from({ length: BURST + 20 }, () => first!.graphql('{ ok }')));
    expect(
      count(
        flood.map((answer) => answer.status),
        429,
      ),
    ).toBeGreaterThan(0);
    const sameVisitor = await Promise.all(Array.from({ length: BURST / 2 }, () => second!.graphql('{ ok }')));
    expect(
      count(
        sameVisitor.map((answer) => answer.status),
        429,
      ),
    ).toBeGreaterThan(0);
    expect((await next!.graphql('{ ok }')).code).toBe('OK');
  });

  it('answers 429 past NGINX_GRAPHQL_CONNECTIONS requests in progress at once', async () => {
    apiDelay = 300;
    try {
      const many = client(CONNECTIONS + 5, '127.0.0.5');
      const seen = codes(await Promise.all(Array.from({ length: CONNECTIONS + 5 }, () => many.graphql('{ ok }'))));
      expect(count(seen, 'OK')).toBe(CONNECTIONS);
      expect(count(seen, 429)).toBe(5);
    } finally {
      apiDelay = 0;
    }
  });

  it('logs every answered request, and about one refusal in a hundred', async () => {
    const flooder = client(1, '127.0.0.6');
    const seen: unknown[] = [];
    for (let i = 0; i < BURST + 400; i++) seen.push((await flooder.graphql('{ ok }')).status);
    await until('nginx has written its log', () => readFileSync(path.join(dir, 'access.log'), 'utf8').includes('"client":"127.0.0.0"'));
    const logged = readFileSync(path.join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { status: number; path: string })
      .filter((line) => line.path === '/graphql');
    const flooderLines = (status: number) => logged.filter((line) => line.status === status).length;
    expect(count(seen, 429)).toBeGreaterThan(380);
    expect(flooderLines(429)).toBeLessThan(count(seen, 429) / 10);
    expect(flooderLines(200)).toBeGreaterThanOrEqual(count(seen, 200));
  });

  it('passes a request on after a failed connect, never after a sent request timed out (a slow export would run twice)', () => {
    const template = readFileSync(NGINX_TEMPLATE, 'utf8');
    const setting = (name: string) => new RegExp(`^\\s*${name} ([^;]+);`, 'm').exec(template)![1]!;
    const seconds = (name: string) => Number(/^(\d+)s$/.exec(setting(name))![1]);
    const retry = setting('proxy_next_upstream').split(' ');
    expect(retry).toEqual(expect.arrayContaining(['non_idempotent', 'timeout']));
    // nginx passes a request on only within proxy_next_upstream_timeout: a connect's timeout fits, a read's does not.
    expect(seconds('proxy_connect_timeout')).toBeLessThan(seconds('proxy_next_upstream_timeout'));
    expect(seconds('proxy_read_timeout')).toBeGreaterThan(seconds('proxy_next_upstream_timeout'));
  });
});

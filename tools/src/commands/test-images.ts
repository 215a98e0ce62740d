// Over 300 lines on purpose: one run, in order, of the whole image check (build, migrate, run, every check through the
// web container, a stop under load, clean-up); each check is a few lines and reads best where it runs.
/**
 * `npm run test:images`: the three images built from this clone and run on a
 * real engine as production runs them. Starts the Docker daemon when none
 * answers (and stops it after); builds api, migrate and web (then again, to
 * time a build with a warm cache); runs migrate against a database made for
 * the run on this machine's PostgreSQL (DATABASE_URL's server, or an embedded
 * one); two api containers and one web container on a network of their own,
 * each read-only, without capabilities, unable to gain privileges; then
 * checks through the web container over HTTPS (ports 443 and 80, where the
 * MDN Observatory looks) and stops one api container under load. Prints each
 * image's size and SBOM, a line per check, and exits 1 when one failed.
 * PostgreSQL and Redis stay on this machine (their public images cannot be
 * pulled here): the containers reach them through relays on the network's
 * gateway.
 * With `--build-only` it builds the images and stops there: .ci/run builds them
 * beside the drill, and the whole check later builds on Docker's cache.
 */
import { renewApiRolePassword } from '@segmentia/api/database';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client as PgClient } from 'pg';
import { LOCALES } from '@segmentia/contracts/locales';
import { contactInput, QUICK_PROOF, SUBMIT_CONTACT_REQUEST, until } from '@segmentia/testing';
import { createTemporaryDatabase, openScratchServer } from '../dev/database/temporary-database';
import { Client, load, percentile, proof, tally } from '../ops/drill/client';
import { checkEdge, get, observatoryAPlus } from '../ops/production/edge-checks';
import { ensureLocalCertificates } from '../ops/production/tls';
import { assertPortsFree, freePort } from '../common/ports';
import { REPO_ROOT } from '../common/paths';
import { ensureRedis } from '../dev/test-services';
import { buildImages, describeFigures, imageFigures, imageName, type Target, TARGETS, writeSboms } from './build-images';
import { docker, openEngine } from '../ops/images/engine';
import { ensureLocalBases } from '../ops/images/local-bases';

/** Ports 443 and 80 of this machine: where the Observatory looks. The image is built for this address. */
const SITE_URL = 'https://localhost';
const IMAGES = { repository: 'segmentia', tag: 'test', siteUrl: SITE_URL };
/** How every container runs: read-only root, no capability, no privilege to gain. */
const HARDENED = ['--read-only', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];
/** nginx's upstream: the two api containers answer to one name on the network, as compose's replicas do. */
const API_SERVERS = 'server api:4000 max_fails=1 fail_timeout=2s;';

/** Each check's name and outcome; `figures` is printed with it (checks that print their own lines pass none). */
const results: [string, boolean][] = [];
function report(name: string, ok: boolean, figures?: string): void {
  results.push([name, ok]);
  if (figures) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figures}`);
}

/** A TCP relay on `host` (the network's gateway) to a service that listens on this machine's loopback only. */
async function relay(host: string, target: URL): Promise<{ port: number; close(): void }> {
  const server = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

/** `url` as the containers reach it: the relay's address instead of this machine's loopback. */
const throughRelay = (url: string, host: string, port: number) => {
  const relayed = new URL(url);
  relayed.hostname = host;
  relayed.port = String(port);
  return relayed.toString();
};

/** A container's output, line by line: what it wrote to stdout, and to stderr. */
const logsOf = async (container: string) => {
  const { stdout, stderr } = await promisify(execFile)('docker', ['logs', container], { maxBuffer: 64 * 1024 * 1024 });
  return { stdout: stdout.split('\n').filter(Boolean), stderr: stderr.split('\n').filter(Boolean) };
};

/** The images this check runs: the web image's site publishes the example company, as the API containers below do. */
async function buildTestImages(): Promise<number> {
  ensureLocalBases();
  process.env.PUBLISH_EXAMPLE_COMPANY = 'true';
  return buildImages(IMAGES);
}

async function main(): Promise<void> {
  if (process.argv.includes('--build-only')) {
    const engine = await openEngine();
    try {
      console.log(`Images built in ${(await buildTestImages()).toFixed(0)} s (here, from this machine's cache state).`);
    } finally {
      await engine.close();
    }
    return;
  }
  await assertPortsFree([
    { port: 443, variable: 'the web container (port 443, where the Observatory looks)' },
    { port: 80, variable: 'the web container (port 80)' },
  ]);
  const engine = await openEngine();
  const cleanUp: (() => Promise<unknown> | unknown)[] = [];
  try {
    const cold = await buildTestImages();
    const warm = await buildImages(IMAGES, () => undefined);
    const figures = await imageFigures(IMAGES);
    console.log(
      `\nImages built in ${cold.toFixed(0)} s (here, from this machine's cache state), again with a warm cache in ${warm.toFixed(1)} s:`,
    );
    console.log(describeFigures(figures).join('\n'));
    const sboms = await writeSboms(IMAGES);
    console.log(`SBOMs (CycloneDX): ${sboms.map((file) => path.relative(REPO_ROOT, file)).join(', ')}\n`);
    await checkImageSettings();
    await checkWebSettings();
    await checkApiCompany();

    // This machine's PostgreSQL and Redis, reached from the containers' network through relays on its gateway.
    const server = await openScratchServer(await freePort(), 'a free port');
    cleanUp.push(() => server.stop());
    const database = await createTemporaryDatabase(server.url, 'images', { prepare: false });
    cleanUp.push(() => database.drop());
    const redis = await ensureRedis();
    cleanUp.push(() => redis.stop());
    const network = `segmentia-images-${randomBytes(3).toString('hex')}`;
    await docker(['network', 'create', network]);
    cleanUp.push(() => docker(['network', 'rm', network]));
    const gateway = (await docker(['network', 'inspect', '--format', '{{(index .IPAM.Config 0).Gateway}}', network])).trim();
    const [postgresRelay, redisRelay] = await Promise.all([relay(gateway, new URL(database.url)), relay(gateway, new URL(redis.url))]);
    cleanUp.push(
      () => postgresRelay.close(),
      () => redisRelay.close(),
    );
    const databaseUrl = throughRelay(database.url, gateway, postgresRelay.port);

    await migrate(network, databaseUrl);
    // The API as its own role, as in compose and Kubernetes; the migration as the owner.
    const apiDatabaseUrl = throughRelay(await renewApiRolePassword(database.url), gateway, postgresRelay.port);

    const containers: string[] = [];
    cleanUp.push(() => containers.length && docker(['rm', '--force', ...containers]));
    const apiEnv = {
      DATABASE_URL: apiDatabaseUrl,
      REDIS_URL: throughRelay(redis.url, gateway, redisRelay.port),
      SITE_ORIGINS: SITE_URL,
      STAFF_PAGE_URL: `${SITE_URL}/staff/`,
      TRUST_PROXY_HOPS: '1',
      // Both replicas check the proofs either issued; the load below comes from one address.
      ALTCHA_HMAC_SECRET: randomBytes(32).toString('hex'),
      SUPPRESSION_HASH_KEY: randomBytes(32).toString('hex'),
      CONTACT_RATE_LIMIT_PER_MINUTE: '1000000',
      CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000000',
      QUERY_RATE_LIMIT_PER_MINUTE: '100000000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
      PUBLISH_EXAMPLE_COMPANY: 'true',
      // Served by the API, never by the web image's nginx (checkEdge).
      GRAPHQL_IDE: 'true',
      ...QUICK_PROOF,
    };
    for (const name of ['api-1', 'api-2']) {
      containers.push(`${network}-${name}`);
      await docker([
        ...['run', '--detach', '--name', `${network}-${name}`, '--network', network, '--network-alias', 'api', ...HARDENED],
        ...['--health-interval', '1s', ...Object.entries(apiEnv).flatMap(([key, value]) => ['--env', `${key}=${value}`])],
        imageName(IMAGES, 'api'),
      ]);
    }
    const [api1, api2] = containers as [string, string];
    await Promise.all(containers.map((container) => healthy(container)));

    const tls = mkdtempSync(path.join(os.tmpdir(), 'segmentia-images-tls-'));
    cleanUp.push(() => rmSync(tls, { recursive: true, force: true }));
    const certificates = ensureLocalCertificates(path.join(REPO_ROOT, '.data', 'tls'));
    copyFileSync(certificates.cert, path.join(tls, 'tls.crt'));
    copyFileSync(certificates.key, path.join(tls, 'tls.key'));
    // The web container's user (uid 1000) reads them, as it reads a mounted Kubernetes secret.
    for (const file of ['tls.crt', 'tls.key']) chmodSync(path.join(tls, file), 0o644);
    chmodSync(tls, 0o755);
    const web = `${network}-web`;
    containers.push(web);
    await docker([
      ...['run', '--detach', '--name', web, '--network', network, ...HARDENED, '--tmpfs', '/tmp:size=64m'],
      ...['--publish', '443:8443', '--publish', '80:8080', '--volume', `${tls}:/etc/segmentia/tls:ro`, '--health-interval', '1s'],
      ...['--env', `NGINX_API_SERVERS=${API_SERVERS}`],
      // The load below comes from one address: its budget at the edge is lifted too (npm run drill tries the real one).
      ...['--env', 'NGINX_GRAPHQL_RATE=100000r/s', '--env', 'NGINX_GRAPHQL_BURST=100000', '--env', 'NGINX_GRAPHQL_CONNECTIONS=1000'],
      // This machine's requests reach it from the network's gateway: the proxy it trusts, as a gateway in front would be.
      ...['--env', `NGINX_REAL_IP=set_real_ip_from ${gateway}/32; real_ip_header X-Forwarded-For; real_ip_recursive on;`],
      imageName(IMAGES, 'web'),
    ]);
    await healthy(web);
    const ca = readFileSync(certificates.ca, 'utf8');

    await checkPages(ca);
    const published = (await docker(['run', '--rm', '--entrypoint', 'find', imageName(IMAGES, 'web'), '/srv/segmentia/site', '-type', 'f']))
      .trim()
      .split('\n')
      .map((file) => path.relative('/srv/segmentia/site', file));
    report('edge', await checkEdge({ siteUrl: SITE_URL, ca, published, brotli: true }));
    report('MDN Observatory', await observatoryAPlus(certificates.ca, 'MDN Observatory, the web container (https://localhost)'));
    await checkExplorer(ca);
    const lead = await checkContact(ca, database.url);
    await checkLogs([api1, api2], web, lead);
    await checkRealIp(ca, network, web);
    await stopUnderLoad(ca, api1, database.url);
  } finally {
    for (const step of cleanUp.reverse()) await Promise.resolve(step()).catch((error: unknown) => console.error(String(error)));
    await engine.close();
  }
  const failed = results.filter(([, ok]) => !ok);
  console.log(failed.length ? `\n${failed.length} of ${results.length} checks failed.` : `\nAll ${results.length} checks passed.`);
  process.exit(failed.length ? 1 : 0);
}

/** The images' user (numeric, non-root) and labels. */
async function checkImageSettings(): Promise<void> {
  const settings = await Promise.all(
    TARGETS.map(async (target: Target) => {
      const inspect = JSON.parse(await docker(['image', 'inspect', '--format', '{{json .Config}}', imageName(IMAGES, target)])) as {
        User: string;
        Labels: Record<string, string>;
      };
      return { target, user: inspect.User, labels: inspect.Labels };
    }),
  );
  const labelled = (labels: Record<string, string>) =>
    ['source', 'revision', 'version'].every((name) => labels[`org.opencontainers.image.${name}`]) &&
    labels['org.opencontainers.image.revision'] !== 'unknown';
  report(
    'image settings',
    settings.every(({ user, labels }) => user === '1000' && labelled(labels)),
    settings
      .map(({ target, user, labels }) => `${target}: USER ${user}, revision ${labels['org.opencontainers.image.revision']?.slice(0, 12)}`)
      .join('; '),
  );
}

/** The web image started without a setting its templates need: it names the setting and does not start nginx. */
async function checkWebSettings(): Promise<void> {
  const refused = await promisify(execFile)('docker', ['run', '--rm', ...HARDENED, '--tmpfs', '/tmp', imageName(IMAGES, 'web')]).then(
    () => undefined,
    (error: { code?: number; stderr?: string }) => error,
  );
  report(
    'web settings',
    refused?.code === 64 && /NGINX_API_SERVERS/.test(refused.stderr ?? ''),
    `without NGINX_API_SERVERS: exit ${refused?.code ?? 0}, "${refused?.stderr?.trim() ?? ''}"`,
  );
}

/** The API image in production with the example company data: it names the settings and does not serve. */
async function checkApiCompany(): Promise<void> {
  const refused = await promisify(execFile)('docker', [
    ...['run', '--rm', ...HARDENED, '--env', 'DATABASE_URL=postgresql://segmentia@127.0.0.1:5432/segmentia'],
    imageName(IMAGES, 'api'),
  ]).then(
    () => undefined,
    (error: { code?: number; stderr?: string }) => error,
  );
  const message = refused?.stderr?.trim().split('\n').at(-1) ?? '';
  report(
    'example company refused',
    refused?.code === 1 && /GATSBY_COMPANY_TAX_ID/.test(message),
    `exit ${refused?.code ?? 0}, "${message}"`,
  );
}

async function healthy(container: string): Promise<void> {
  await until(
    `${container} is healthy`,
    async () => (await docker(['inspect', '--format', '{{.State.Health.Status}}', container])).trim() === 'healthy',
    { timeoutMs: 60_000, intervalMs: 500 },
  ).catch(async (error: unknown) => {
    const { stdout, stderr } = await logsOf(container);
    throw new Error(`${String(error)}\n${[...stdout, ...stderr].slice(-10).join('\n')}`);
  });
}

/** The migrate container: migrations and seed on an empty database, then again (nothing to apply, the seed rewritten alike). */
async function migrate(network: string, databaseUrl: string): Promise<void> {
  const run = () =>
    docker(['run', '--rm', '--network', network, ...HARDENED, '--env', `DATABASE_URL=${databaseUrl}`, imageName(IMAGES, 'migrate')]);
  const first = await run();
  const second = await run();
  report(
    'migrate',
    /Applied \d{14}_/.test(first) && /No pending migrations/.test(second) && /rows written/.test(second),
    `${first.trim().split('\n').join(' / ')}; again: ${second.trim().split('\n').join(' / ')}`,
  );
}

async function checkPages(ca: string): Promise<void> {
  const homes = await Promise.all(
    LOCALES.map(async (locale) => {
      const page = await get(`${SITE_URL}${locale.code === 'es' ? '/' : `/${locale.code}/`}`, ca, { cookie: `lang=${locale.code}` });
      return { code: locale.code, status: page.status, lang: /<html[^>]*\slang="([a-z]+)/.exec(page.body)?.[1] };
    }),
  );
  const missing = await get(`${SITE_URL}/no-such-page/`, ca);
  report(
    'pages',
    homes.every((home) => home.status === 200 && home.lang === home.code) && missing.status === 404,
    `${homes.map((home) => `${home.code} ${home.status}`).join(', ')}; /no-such-page/ ${missing.status}`,
  );
}

/** The explorer's question, as the site asks it (GET, so that nginx may keep the answer): answered, then from nginx's cache. */
async function checkExplorer(ca: string): Promise<void> {
  const query = '{ audiences(country: "ES", topic: "automotive", locale: ES) { id audienceSize } }';
  const url = `${SITE_URL}/graphql?query=${encodeURIComponent(query)}`;
  const headers = { 'apollo-require-preflight': 'true' };
  const first = await get(url, ca, headers);
  const second = await get(url, ca, headers);
  const audiences = (JSON.parse(first.body) as { data?: { audiences?: unknown[] } }).data?.audiences ?? [];
  report(
    'explorer',
    first.status === 200 && audiences.length > 0 && second.headers['x-cache-status'] === 'HIT',
    `${audiences.length} audiences for Spain and automotive; again: ${second.headers['x-cache-status']}`,
  );
}

/** A contact request with its proof of work, sent twice (as a retrying browser would): stored once. */
async function checkContact(ca: string, databaseUrl: string): Promise<ReturnType<typeof contactInput>> {
  const client = new Client(`${SITE_URL}/graphql`, ca, 2);
  const input = { ...contactInput({ contactName: 'Imagen Prueba', phone: '+34 600 11 22 33' }), altcha: await proof(client) };
  const answers = [await client.graphql(SUBMIT_CONTACT_REQUEST, { input }), await client.graphql(SUBMIT_CONTACT_REQUEST, { input })];
  client.close();
  const stored = await countRequests(databaseUrl, [input.requestId]);
  const ids = answers.map((answer) => (answer.data?.submitContactRequest as { id?: string } | undefined)?.id);
  report(
    'contact request',
    answers.every((answer) => answer.code === 'OK') && ids[0] === ids[1] && stored === 1,
    `sent twice with one proof: ${answers.map((answer) => answer.code).join(', ')}, the same lead ${ids[0]}; rows stored: ${stored}`,
  );
  return input;
}

async function countRequests(databaseUrl: string, requestIds: string[]): Promise<number> {
  const database = new PgClient({ connectionString: databaseUrl });
  await database.connect();
  try {
    const { rows } = await database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM contact_request WHERE request_id = ANY($1::uuid[])',
      [requestIds],
    );
    return rows[0]!.count;
  } finally {
    await database.end();
  }
}

/** Every line the API wrote is JSON, so is nginx's access log; none holds the lead's name, email or phone. */
async function checkLogs(apis: string[], web: string, lead: ReturnType<typeof contactInput>): Promise<void> {
  const personal = [lead.contactName, lead.email, lead.phone, lead.phone.replaceAll(' ', '')];
  const lines = async (container: string) => {
    const { stdout, stderr } = await logsOf(container);
    return container === web ? stdout : [...stdout, ...stderr];
  };
  const all = (await Promise.all([...apis, web].map(lines))).flat();
  const notJson = all.filter((line) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  const leaking = all.filter((line) => personal.some((value) => line.includes(value)));
  report(
    'logs',
    all.length > 0 && notJson.length === 0 && leaking.length === 0,
    `${all.length} lines from the api and web containers, ${notJson.length} not JSON` +
      `${notJson.length ? ` (${notJson[0]!.slice(0, 120)})` : ''}, ${leaking.length} with the lead's name, email or phone`,
  );
}

/**
 * The visitor's address behind a trusted proxy: a request through the gateway (trusted) is logged with the address it
 * forwards; one sent from a container of the network (not trusted) with a forged X-Forwarded-For is logged with its own.
 */
async function checkRealIp(ca: string, network: string, web: string): Promise<void> {
  await get(`${SITE_URL}/real-ip-trusted/`, ca, { 'x-forwarded-for': '203.0.113.9' });
  const forged = `fetch('https://${web}:8443/real-ip-forged/', { headers: { 'x-forwarded-for': '198.51.100.7' } }).then((r) => r.text())`;
  // A client of the test, inside the network (its certificate names localhost, not this container).
  await docker([
    ...['run', '--rm', '--network', network, ...HARDENED, '--env', 'NODE_TLS_REJECT_UNAUTHORIZED=0'],
    ...['--entrypoint', 'node', imageName(IMAGES, 'api'), '-e', forged],
  ]);
  const { stdout } = await logsOf(web);
  const clientOf = (path: string) =>
    stdout.map((line) => JSON.parse(line) as { path?: string; client?: string }).find((entry) => entry.path === path)?.client;
  const [trusted, untrusted] = [clientOf('/real-ip-trusted/'), clientOf('/real-ip-forged/')];
  report(
    'real client address',
    trusted === '203.0.113.0' && Boolean(untrusted) && untrusted !== '198.51.100.0',
    `through the trusted gateway, forwarded for 203.0.113.9: logged ${trusted}; ` +
      `from an untrusted address, forged 198.51.100.7: logged ${untrusted}`,
  );
}

/** `docker stop` of one api container (SIGTERM, its graceful stop) while visitors explore and send requests: none lost. */
async function stopUnderLoad(ca: string, container: string, databaseUrl: string): Promise<void> {
  const client = new Client(`${SITE_URL}/graphql`, ca, 8);
  const loadStart = Date.now();
  let stop: { at: number; ms: number } | undefined;
  const stopping = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const startedAt = Date.now();
    await docker(['stop', '--time', '30', container]);
    stop = { at: startedAt - loadStart, ms: Date.now() - startedAt };
  })();
  stopping.catch(() => undefined); // awaited below
  // Until the container has stopped, and a second more: the other replica takes everything.
  const result = await load(client, {
    count: 20_000,
    concurrency: 8,
    maxSeconds: 90,
    submitShare: 0.5,
    retries: 0,
    until: () => Boolean(stop) && Date.now() > loadStart + stop!.at + stop!.ms + 1000,
  });
  await stopping;
  client.close();
  const exitCode = (await docker(['inspect', '--format', '{{.State.ExitCode}}', container])).trim();
  const failed = result.answers.filter((answer) => answer.code !== 'OK');
  const submitted = result.answers.filter((answer) => answer.kind === 'submit' && answer.code === 'OK').map((answer) => answer.requestId!);
  const stored = await countRequests(databaseUrl, submitted);
  const p99 = percentile(
    result.answers.map((answer) => answer.ms),
    99,
  );
  report(
    'docker stop under load',
    Boolean(stop) && exitCode === '0' && failed.length === 0 && stored === submitted.length,
    `${result.answers.length} requests (half contact requests) from 8 visitors in ${result.seconds.toFixed(1)} s; ${container} ` +
      `stopped from ${((stop?.at ?? 0) / 1000).toFixed(1)} s, in ${stop?.ms} ms (exit ${exitCode}); p99 ${p99.toFixed(0)} ms; ` +
      `failed: ${failed.length} (${tally(failed.map((answer) => answer.code))}); leads stored ${stored} of ${submitted.length}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

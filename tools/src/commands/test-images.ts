/**
 * `npm run test:images -- [--rebuild] [--build-only]`: docker-compose.yml's six images built from this clone when
 * missing (all with --rebuild; timed, sizes over their bases, SBOMs), then run as the check stack (check-stack.ts) and
 * checked there: every container hardened and not root, the migration job done and idempotent, the site over HTTPS in
 * every language, one replica stopped under load with nothing refused. `npm run test:stack` runs these checks on the
 * stack it shares with the security check and the drill; --build-only stops after the build (.ci/run builds beside the tests).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCALES } from '@segmentia/contracts/locales';
import { REPO_ROOT } from '../common/paths';
import { type Answer, Client, explore, percentile, proof, submit, tally } from '../ops/drill/client';
import { storedLeads } from '../ops/drill/setup';
import { docker, openEngine } from '../ops/images/engine';
import { CHECK_IMAGES, CHECK_SITE_SETTINGS, type CheckStack, startCheckStack } from '../ops/stack/check-stack';
import { get } from '../ops/stack/edge-checks';
import { buildImages, describeFigures, imageFigures, missingImages, TARGETS, writeSboms } from './build-images';

const results: boolean[] = [];
function report(name: string, ok: boolean, figures: string): void {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figures}`);
}

/**
 * The check stack's images: the missing ones (every one with `rebuild`) built and timed, then built again to time a
 * build on a warm cache; with `figures`, each image's size over its base and the SBOMs.
 */
export async function buildCheckImages({ rebuild = false, figures = true } = {}): Promise<void> {
  const targets = rebuild ? TARGETS : await missingImages(CHECK_IMAGES);
  const settings = new Map(Object.entries(CHECK_SITE_SETTINGS));
  if (targets.length) {
    const cold = await buildImages(CHECK_IMAGES, { targets, settings });
    const warm = await buildImages(CHECK_IMAGES, { targets, settings, log: () => undefined });
    console.log(`Built in ${cold.toFixed(0)} s (from this machine's cache state), again on a warm cache in ${warm.toFixed(1)} s.`);
  } else {
    console.log(`The images (tag ${CHECK_IMAGES.tag}) are all there, not rebuilt: --rebuild builds them from this clone.`);
  }
  if (!figures) return;
  console.log(describeFigures(await imageFigures(CHECK_IMAGES)).join('\n'));
  const sboms = await writeSboms(CHECK_IMAGES);
  console.log(`SBOMs (CycloneDX): ${sboms.map((file) => path.relative(REPO_ROOT, file)).join(', ')}`);
}

/** The images' checks on a running check stack, a line each; whether all passed. */
export async function imageChecks(check: CheckStack): Promise<boolean> {
  results.length = 0;
  await checkContainers(check);
  await checkMigrations(check);
  await checkPages(check);
  await stopUnderLoad(check);
  return results.every(Boolean);
}

interface Inspected {
  Id: string;
  State: { Status: string };
  Config: { Image: string; User: string; Labels: Record<string, string> };
  // The lists are null when empty.
  HostConfig: { ReadonlyRootfs: boolean; Privileged: boolean; CapDrop?: string[]; CapAdd?: string[]; SecurityOpt?: string[] };
}

/** The product's images, whose labels say which commit they were built from. */
const PRODUCT = /\/(api|migrate|web):/;

/** Every container of the stack as docker-compose.yml runs it: hardened, each of its processes under a uid other than root. */
async function checkContainers(check: CheckStack): Promise<void> {
  const project = `label=com.docker.compose.project=${check.stack.options.project}`;
  const ids = (await docker(['ps', '--all', '--quiet', '--filter', project])).trim().split('\n');
  const containers = JSON.parse(await docker(['inspect', ...ids])) as Inspected[];
  const described = await Promise.all(
    containers.map(async ({ Id, Config, HostConfig, State }) => {
      const service = Config.Labels['com.docker.compose.service']!;
      // The uids the host sees (no user namespace here): what the processes run as, whatever the image says.
      const uids = State.Status === 'running' ? await processUids(Id) : [Config.User];
      const faults = [
        !HostConfig.ReadonlyRootfs && 'writable root',
        (HostConfig.Privileged || !HostConfig.CapDrop?.includes('ALL') || HostConfig.CapAdd?.length) && 'capabilities',
        !HostConfig.SecurityOpt?.includes('no-new-privileges:true') && 'may gain privileges',
        uids.some((uid) => ['', '0', 'root'].includes(uid)) && 'root',
        PRODUCT.test(Config.Image) &&
          !/^[0-9a-f]{40}$/.test(Config.Labels['org.opencontainers.image.revision'] ?? '') &&
          'no revision label',
      ].filter(Boolean);
      return { service, uids, faults };
    }),
  );
  const faulty = described.filter(({ faults }) => faults.length);
  report(
    'containers',
    faulty.length === 0,
    `${containers.length} containers, read-only, no capability, no privilege to gain; uids: ` +
      described.map(({ service, uids }) => `${service} ${[...new Set(uids)].join('/')}`).join(', ') +
      (faulty.length ? `; faults: ${faulty.map(({ service, faults }) => `${service} ${faults.join(' and ')}`).join('; ')}` : ''),
  );
}

/** The uids of a running container's processes, as the host's ps sees them (`docker top` needs the pid column). */
async function processUids(container: string): Promise<string[]> {
  const lines = (await docker(['top', container, '-eo', 'pid,uid'])).trim().split('\n').slice(1);
  return lines.map((line) => line.trim().split(/\s+/)[1] ?? '');
}

/** The migration job applied every migration and exited 0; run again (an upgrade with nothing new), it applies none. */
async function checkMigrations(check: CheckStack): Promise<void> {
  const id = await check.stack.container('migrate');
  const exitCode = (await docker(['inspect', '--format', '{{.State.ExitCode}}', id!])).trim();
  const applied = /Applied (.+)/.exec(await check.stack.logs(['migrate']))?.[1]?.split(', ').length ?? 0;
  const again = await check.stack.compose(['run', '--rm', '--no-deps', 'migrate']);
  report(
    'migrate',
    exitCode === '0' && applied > 0 && /No pending migrations/.test(again) && /rows written/.test(again),
    `exit ${exitCode}, ${applied} migrations applied; again: ${again.trim().split('\n').join(' / ')}`,
  );
}

/** Each language's home page over HTTPS through nginx, in its language, and an unknown page 404. */
async function checkPages(check: CheckStack): Promise<void> {
  const ca = readFileSync(check.ca, 'utf8');
  const homes = await Promise.all(
    LOCALES.map(async ({ code }) => {
      const page = await get(`${check.siteUrl}${code === 'es' ? '/' : `/${code}/`}`, ca, { cookie: `lang=${code}` });
      return { code, status: page.status, lang: /<html[^>]*\slang="([a-z]+)/.exec(page.body)?.[1] };
    }),
  );
  const missing = await get(`${check.siteUrl}/no-such-page/`, ca);
  report(
    'pages',
    homes.every((home) => home.status === 200 && home.lang === home.code) && missing.status === 404,
    `${homes.map((home) => `${home.code} ${home.status}`).join(', ')}; /no-such-page/ ${missing.status}`,
  );
}

/**
 * The load: one visitor's (this machine's, through the published port), within the budgets nginx and the API give
 * a visitor (10 requests a second, 5 contact requests a minute), so that any refusal is the stop's.
 */
const EXPLORERS = 8;
const EXPLORE_GAP_MS = 1000;
const LEADS = 4;
/** The contact form's time trap (CONTACT_MIN_FILL_SECONDS' default): a lead sent sooner is kept as spam. */
const FILL_MS = 3_100;
const RETRIES = 3;

/**
 * api-2 stopped (`docker-compose stop`: SIGTERM, readiness false, connections drained) and left stopped while
 * visitors explore and send contact requests through nginx: no explorer query refused (the site does not retry
 * them), no contact request refused once sent again as the form's retry button does (the same request), every
 * acknowledged lead stored once. api-2 is started again after.
 */
async function stopUnderLoad(check: CheckStack): Promise<void> {
  // The published port, as a visitor from outside reaches it (nginx sees the edge network's gateway).
  const target = { url: 'https://127.0.0.1/graphql', ca: readFileSync(check.ca, 'utf8'), servername: new URL(check.siteUrl).hostname };
  const client = new Client(target, EXPLORERS + 1, '127.0.0.1');
  const started = Date.now();
  let stop: { at: number; ms: number } | undefined;
  let sent = false;
  // Until every lead is sent and api-2 has been gone for 2 s (nginx's fail_timeout), at most a minute.
  const running = () => Date.now() < started + 60_000 && !(sent && stop && Date.now() > started + stop.at + stop.ms + 2000);
  const answers: (Answer & { firstCode: string })[] = [];
  const acknowledged: string[] = [];
  const explorer = async (visitor: number) => {
    for (let index = visitor; running(); index += EXPLORERS) {
      const answer = await explore(client, index);
      answers.push({ ...answer, firstCode: answer.code });
      await sleep(EXPLORE_GAP_MS);
    }
  };
  const sender = async () => {
    for (let lead = 0; lead < LEADS && Date.now() < started + 60_000; lead++) {
      const issued = Date.now();
      const [requestId, altcha] = [randomUUID(), await proof(client)];
      await sleep(issued + FILL_MS - Date.now());
      let answer = await submit(client, requestId, undefined, altcha);
      const firstCode = answer.code;
      // A refused proof is final; anything else the form sends again, the same request with the same proof.
      for (let retry = 1; retry <= RETRIES && answer.code !== 'OK' && answer.code !== 'BAD_USER_INPUT'; retry++) {
        await sleep(500 * retry);
        answer = await submit(client, requestId, undefined, altcha);
      }
      answers.push({ ...answer, firstCode });
      if (answer.code === 'OK') acknowledged.push(requestId);
    }
    sent = true;
  };
  const stopping = (async () => {
    await sleep(3000);
    const at = Date.now() - started;
    await check.stack.stop(['api-2']);
    stop = { at, ms: Date.now() - started - at };
  })();
  await Promise.all([...Array.from({ length: EXPLORERS }, (_, visitor) => explorer(visitor)), sender(), stopping]);
  client.close();
  const exitCode = (await docker(['inspect', '--format', '{{.State.ExitCode}}', (await check.stack.container('api-2'))!])).trim();
  await check.stack.up(['api-2']);
  const stored = await storedLeads(check, acknowledged);
  const failed = answers.filter((answer) => answer.code !== 'OK');
  const retried = answers.filter((answer) => answer.firstCode !== 'OK');
  const latencies = answers.map(({ ms }) => ms);
  report(
    'stop under load',
    Boolean(stop) &&
      exitCode === '0' &&
      failed.length === 0 &&
      acknowledged.length === LEADS &&
      stored.rows === LEADS &&
      stored.requests === LEADS,
    `${answers.length} requests from ${EXPLORERS + 1} visitors in ${((Date.now() - started) / 1000).toFixed(1)} s; api-2 stopped from ` +
      `${((stop?.at ?? 0) / 1000).toFixed(1)} s, in ${stop?.ms} ms (exit ${exitCode}); p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
      `retried: ${tally(retried.map((answer) => answer.firstCode))}; refused: ${tally(failed.map((answer) => answer.code))}; ` +
      `leads acknowledged ${acknowledged.length} of ${LEADS}, stored ${stored.rows}`,
  );
}

async function main(): Promise<void> {
  const engine = await openEngine();
  let passed = false;
  try {
    await buildCheckImages({ rebuild: process.argv.includes('--rebuild'), figures: !process.argv.includes('--build-only') });
    if (process.argv.includes('--build-only')) return;
    const check = await startCheckStack();
    try {
      passed = await imageChecks(check);
    } finally {
      await check.close();
    }
  } finally {
    await engine.close();
  }
  console.log(passed ? '\nThe images passed every check.' : '\nAn image check failed.');
  process.exit(passed ? 0 : 1);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

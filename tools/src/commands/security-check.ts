/**
 * `npm run test:security`: the MDN HTTP Observatory's scanner (the library behind observatory.mozilla.org, run here
 * offline) grades the compose stack's nginx (the web image, as docker-compose.yml runs it, on ports 80 and 443 where
 * the scanner looks) with the local certificate authority trusted: it must be A+. Then checkEdge: the routing,
 * caching, compression and published files the scanner does not look at. Exits 1 when a check failed.
 * `npm run test:stack` runs the same on the stack it shares with the images' checks and the drill.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CheckStack, startCheckStack } from '../ops/stack/check-stack';
import { checkEdge, observatoryAPlus } from '../ops/stack/edge-checks';

/** Where the web image holds the built site, and where its entrypoint renders nginx's configuration (Dockerfile). */
const SITE_ROOT = '/srv/segmentia/site';
const NGINX_CONF = '/tmp/nginx/nginx.conf';
/** What the API serves with GRAPHQL_IDE=true (the checks run it so), and nginx must not pass on. */
const IDE_FILE = '/graphql-ide/schema.graphql';

/** The replicas' setting the security check needs: the IDE on, so that nginx's refusal of it is a finding. */
export const SECURITY_API_ENV = { GRAPHQL_IDE: 'true' };

export async function securityCheck(check: CheckStack): Promise<boolean> {
  const aPlus = await observatoryAPlus(check.ca, "MDN Observatory, the stack's nginx (https://localhost)");
  const published = (await check.stack.exec('web', ['find', SITE_ROOT, '-type', 'f']))
    .trim()
    .split('\n')
    .map((file) => path.relative(SITE_ROOT, file));
  const brotli = /brotli on;/.test(await check.stack.exec('web', ['cat', NGINX_CONF]));
  // The IDE's 404 at the edge only means something if the replica behind serves it.
  const fetchIde = `fetch('http://127.0.0.1:4000${IDE_FILE}').then((r) => console.log(r.status), () => console.log(0))`;
  const behind = await check.stack.exec('api-1', ['node', '-e', fetchIde]);
  const ide = behind.trim() === '200';
  console.log(`${ide ? 'PASS' : 'FAIL'}  api-1 itself serves ${IDE_FILE}: ${behind.trim()}`);
  const edge = await checkEdge({ siteUrl: check.siteUrl, ca: readFileSync(check.ca, 'utf8'), published, brotli });
  return aPlus && ide && edge;
}

async function main(): Promise<void> {
  const check = await startCheckStack({ api: SECURITY_API_ENV });
  let passed = false;
  try {
    passed = await securityCheck(check);
  } finally {
    await check.close();
  }
  process.exit(passed ? 0 : 1);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/**
 * `npm run test:security`: the MDN HTTP Observatory's scanner (the library
 * behind observatory.mozilla.org, run here offline) grades the production
 * topology (as `npm run prod` starts it, on ports 80 and 443, where the
 * scanner looks) with the local certificate authority trusted: it must be A+.
 * Then it checks `npm start`'s site server over plain HTTP: every header test
 * that does not need HTTPS must pass. Exits 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@segmentia/api/config';
import { checkEdge, describeTests, filesUnder, observatoryAPlus, prepareScanner, scan } from '../ops/production/edge-checks';
import { scratchTopology } from '../ops/production/topology';
import { serveSite } from '../dev/site-server';

/** Tests that only HTTPS can pass: a plain HTTP server is not graded on them. */
const HTTPS_ONLY = new Set(['strict-transport-security', 'redirection']);

async function main(): Promise<void> {
  // Ports 80 and 443: where the scanner looks. The API serves its IDE and schema, which nginx must not pass on (checkEdge).
  const { topology, discard } = scratchTopology(
    'the security check',
    { http: 80, https: 443, api: [14201, 14202], metrics: [19201, 19202], postgres: 54369, redis: 16391, monitoring: 19290 },
    { GRAPHQL_IDE: 'true' },
  );
  let failed = false;
  try {
    await topology.start((line) => console.log(`  ${line}`));
    failed = !(await observatoryAPlus(topology.certificates.ca, 'production nginx (https://localhost)')) || failed;
    const edge = {
      siteUrl: topology.siteUrl,
      ca: readFileSync(topology.certificates.ca, 'utf8'),
      published: filesUnder(topology.siteRoot),
      brotli: /brotli on;/.test(readFileSync(path.join(topology.nginxDir, 'nginx.conf'), 'utf8')),
    };
    failed = !(await checkEdge(edge)) || failed;
  } finally {
    await topology.stop();
  }

  // npm start's site server, plain HTTP on port 80, serving the same build.
  const site = await serveSite(topology.siteRoot, 80, '::', 'the security check');
  try {
    prepareScanner();
    const plain = await scan();
    const graded = Object.keys(plain.tests).filter((name) => !HTTPS_ONLY.has(name));
    const failing = graded.filter((name) => !plain.tests[name]!.pass);
    failed ||= failing.length > 0;
    console.log(
      `${failing.length ? 'FAIL' : 'PASS'}  npm start's site server (http://localhost): ` +
        `${graded.length - failing.length}/${graded.length} header tests passed ` +
        `(grade ${plain.scan.grade}, score ${plain.scan.score} without ` +
        `HTTPS)${failing.length ? `; ${describeTests(plain.tests, failing)}` : ''}`,
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

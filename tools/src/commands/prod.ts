/**
 * `npm run prod`: the production stack on this machine, docker-compose.yml over the images, as an operator runs it
 * (docs/operations.md). Starts Docker's daemon when none answers (as root), builds the images that are missing, makes
 * the settings' secrets (.data/production/stack.env) and a local certificate (.data/tls) on first run, starts the
 * stack and waits until every service is healthy. The daemon and the stack keep running after it returns.
 *   npm run prod                      start (or update) the stack
 *   npm run prod -- <compose verb…>   any docker-compose command on it: ps, logs -f api-1, down, …
 *   npm run prod -- --rebuild         build the images again first (after a change of the code)
 */
import { chownSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../common/paths';
import { PRODUCTION, writeSettings } from '../ops/stack/compose';
import { ensureLocalCertificates } from '../ops/stack/tls';
import { openEngine } from '../ops/images/engine';
import { buildImages, missingImages } from './build-images';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  await openEngine({ keep: true });
  const settings = writeSettings(PRODUCTION.options.envFile, {
    // This machine's demo until the operator sets the company's data (README, "Company data").
    PUBLISH_EXAMPLE_COMPANY: process.env.PUBLISH_EXAMPLE_COMPANY ?? 'true',
    ...(process.env.SITE_URL ? { SITE_URL: process.env.SITE_URL } : {}),
  });
  if (args.length && args[0] !== '--rebuild') process.exit(PRODUCTION.attach(args));
  const siteUrl = settings.get('SITE_URL') ?? 'https://localhost:8443';
  const images = { repository: 'segmentia', tag: 'latest', siteUrl };
  const missing = args[0] === '--rebuild' ? undefined : await missingImages(images);
  if (missing?.length !== 0) await buildImages(images, { targets: missing, settings });
  const certificates = ensureLocalCertificates(path.join(REPO_ROOT, '.data', 'tls'));
  // nginx runs as uid 1000 in the web container and reads the key through the mounted folder.
  if (process.getuid?.() === 0) chownSync(certificates.key, 1000, 1000);
  console.log('Starting the stack (docker-compose up)…');
  await PRODUCTION.compose(['up', '--detach', '--no-build', '--remove-orphans']);
  await PRODUCTION.waitHealthy();
  console.log(
    [
      `Segmentia serves ${siteUrl} (trust ${path.relative(REPO_ROOT, certificates.ca)}, the local certificate authority).`,
      `Prometheus: http://127.0.0.1:${settings.get('PUBLISHED_PROMETHEUS_PORT') ?? 9090}; settings and secrets: ` +
        `${path.relative(REPO_ROOT, PRODUCTION.options.envFile)}.`,
      'Logs: npm run prod -- logs -f; stop: npm run prod -- stop; a backup now: npm run backup; docs/operations.md.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * The compose stack the checks run against (`npm run drill`, `npm run test:security`, `npm run test:images`, and all
 * three on one stack in `npm run test:stack`): docker-compose.yml itself, as a project of its own (segmentia-check),
 * on images built from this clone for https://localhost (tag "check"), serving ports 443 and 80 of this machine (where
 * the Observatory looks), with Prometheus scraping every 3 s and each alert's `for` at most 10 s. What a check changes
 * is a compose file over docker-compose.yml (its replicas' and nginx's settings), never the stack's shape.
 */
import { execFile } from 'node:child_process';
import { chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { REPO_ROOT } from '../../common/paths';
import { buildImages, missingImages } from '../../commands/build-images';
import { openEngine } from '../images/engine';
import { ComposeStack, REPLICAS, writeSettings } from './compose';
import { Prometheus, writeDrillMonitoring } from './prometheus';
import { ensureLocalCertificates } from './tls';

export const CHECK_IMAGES = { repository: 'segmentia', tag: 'check', siteUrl: 'https://localhost' };
/** The check images' site settings (build arguments of the web image): the example company's data published. */
export const CHECK_SITE_SETTINGS: Record<string, string> = { PUBLISH_EXAMPLE_COMPANY: 'true' };
/** The edge network's addresses: this machine is .1 (the gateway), nginx .10, the replicas .11 and .12. */
export const EDGE_PREFIX = '10.87.0';
const PROMETHEUS_PORT = 19090;

export interface CheckStack {
  stack: ComposeStack;
  /** The local certificate authority's file, which signed the stack's certificate (for localhost). */
  ca: string;
  siteUrl: string;
  /** nginx's address on the edge network, and this machine's there (the drill's visitors and its webhook). */
  edge: { nginx: string; host: string; prefix: string };
  prometheus: Prometheus;
  /** The database's owner, at PostgreSQL's address on the data network (this machine reaches it). */
  databaseUrl(): Promise<string>;
  /** The replicas' and nginx's settings changed (a compose file over the stack's), those containers recreated. */
  reconfigure(settings: { api?: Record<string, string>; web?: Record<string, string> }): Promise<void>;
  close(): Promise<void>;
}

export async function startCheckStack(
  { build = 'missing', api = {}, web = {} }: { build?: 'missing' | 'all'; api?: Record<string, string>; web?: Record<string, string> } = {},
  log = (line: string) => console.log(line),
): Promise<CheckStack> {
  const engine = await openEngine();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-check-'));
  const stack = new ComposeStack({
    project: 'segmentia-check',
    envFile: path.join(dir, 'stack.env'),
    overrides: [path.join(dir, 'check.yml')],
  });
  const close = async () => {
    await stack.down({ volumes: true }).catch((error: Error) => log(`docker-compose down: ${error.message}`));
    rmSync(dir, { recursive: true, force: true });
    await engine.close();
  };
  try {
    const certificates = ensureLocalCertificates(path.join(REPO_ROOT, '.data', 'tls'));
    const tlsDir = path.join(dir, 'tls');
    mkdirSync(tlsDir);
    for (const file of ['localhost.pem', 'localhost-key.pem']) {
      copyFileSync(path.join(path.dirname(certificates.cert), file), path.join(tlsDir, file));
    }
    // nginx runs as uid 1000 in the web container.
    if (process.getuid?.() === 0) chownSync(path.join(tlsDir, 'localhost-key.pem'), 1000, 1000);
    const monitoring = writeDrillMonitoring(path.join(dir, 'monitoring'));
    const settings = writeSettings(stack.options.envFile, {
      IMAGE_TAG: CHECK_IMAGES.tag,
      SITE_URL: CHECK_IMAGES.siteUrl,
      ...CHECK_SITE_SETTINGS,
      EDGE_PREFIX,
      PUBLISHED_HTTP_PORT: '80',
      PUBLISHED_HTTPS_PORT: '443',
      PUBLISHED_PROMETHEUS_PORT: String(PROMETHEUS_PORT),
      TLS_DIR: tlsDir,
      PROMETHEUS_CONFIG: monitoring.PROMETHEUS_CONFIG,
      MONITORING_RULES_DIR: monitoring.MONITORING_RULES_DIR,
    });
    const override = (api: Record<string, string>, web: Record<string, string>) =>
      writeFileSync(
        stack.options.overrides![0]!,
        stringify({
          version: '2.4',
          services: { ...Object.fromEntries(REPLICAS.map((name) => [name, { environment: api }])), web: { environment: web } },
        }),
      );
    override(api, web);
    const targets = build === 'all' ? undefined : await missingImages(CHECK_IMAGES);
    if (targets?.length !== 0) await buildImages(CHECK_IMAGES, { targets, settings, log });
    await stack.down({ volumes: true });
    log('Starting the stack (docker-compose.yml, project segmentia-check)…');
    await stack.up();
    return {
      stack,
      ca: certificates.ca,
      siteUrl: CHECK_IMAGES.siteUrl,
      edge: { nginx: `${EDGE_PREFIX}.10`, host: `${EDGE_PREFIX}.1`, prefix: EDGE_PREFIX },
      prometheus: new Prometheus(`http://127.0.0.1:${PROMETHEUS_PORT}`, monitoring.maxForSeconds),
      async databaseUrl() {
        const id = await stack.container('postgres');
        const { stdout } = await promisify(execFile)('docker', [
          'inspect',
          '--format',
          '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}',
          id!,
        ]);
        return `postgresql://segmentia:${stack.settings.get('POSTGRES_PASSWORD')}@${stdout.trim()}:5432/segmentia`;
      },
      async reconfigure(next) {
        override({ ...api, ...next.api }, { ...web, ...next.web });
        await stack.up([...(next.api ? REPLICAS : []), ...(next.web ? ['web'] : [])]);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

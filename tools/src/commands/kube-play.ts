/**
 * `npm run test:kube`: the dev overlay's API and web Deployments run for real
 * with Debian's `podman kube play` (after `npm run test:images`, which built
 * the images), against a database made for the run on this machine's
 * PostgreSQL. What differs from a cluster, and why, is done here and said:
 * the pods use the host's network (no cluster DNS or Services: nginx reaches
 * the API at 127.0.0.1:4000, the API the database at 127.0.0.1), one pod per
 * Deployment (the host has one of each port); Secrets'
 * values are given inline (podman 4.3 reads secrets in its own format), the
 * web certificate from a folder; the images are the ones the checks' stack runs (tag check: tools/src/ops/stack/check-stack.ts).
 * Checked: each container runs as uid 1000, read-only, without capabilities;
 * the probes the Deployments declare answer as the kubelet would ask them;
 * the site and the API answer through the web pod. Exits 1 when one fails.
 */
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { IContainer, IProbe } from 'kubernetes-models/v1';
import { stringify } from 'yaml';
import { until } from '@segmentia/testing';
import { renewApiRolePassword } from '@segmentia/api/database';
import { createTemporaryDatabase, openScratchServer } from '../dev/database/temporary-database';
import { imageName } from './build-images';
import { openEngine } from '../ops/images/engine';
import { get as getPage } from '../ops/stack/edge-checks';
import { ensureCommands } from '../common/debian-packages';
import { ensureLocalCertificates } from '../ops/stack/tls';
import { REPO_ROOT } from '../common/paths';
import { assertPortsFree, freePort } from '../common/ports';
import { findObject, type KubeObject, podTemplateOf, renderOverlay } from '../ops/k8s/render';

const IMAGES = { repository: 'segmentia', tag: 'check' };
/**
 * podman raises a container's open-files and processes limits to the kernel's maximum unless told otherwise, which a
 * sandboxed machine (this one) refuses: its containers get limits of their own (a containers.conf of the run's), as a
 * kubelet's pods get the node's.
 */
let podmanEnv: NodeJS.ProcessEnv = process.env;
const run = async (command: string, args: string[]) =>
  (await promisify(execFile)(command, args, { maxBuffer: 512 * 1024 * 1024, env: podmanEnv })).stdout;

const results: boolean[] = [];
function report(name: string, ok: boolean, figures: string): void {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figures}`);
}

/** The values of the Secrets the overlay renders (dev generates its own), by "name/key". */
function renderedSecrets(objects: KubeObject[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const secret of objects.filter((object) => object.kind === 'Secret')) {
    const { data = {}, stringData = {} } = secret as { data?: Record<string, string>; stringData?: Record<string, string> };
    for (const [key, value] of Object.entries(data)) values[`${secret.metadata.name}/${key}`] = Buffer.from(value, 'base64').toString();
    for (const [key, value] of Object.entries(stringData)) values[`${secret.metadata.name}/${key}`] = value;
  }
  return values;
}

/** The Deployment's container, for this machine: the test's image, and each secret value given inline. */
function forThisMachine(deployment: KubeObject, secrets: Record<string, string>): KubeObject {
  const copy = structuredClone(deployment);
  // One pod: the host's network has one of each port.
  (copy.spec as { replicas?: number }).replicas = 1;
  const spec = podTemplateOf(copy);
  for (const container of spec.containers as IContainer[]) {
    container.image = `localhost/${imageName(IMAGES, container.image!.includes('/web') ? 'web' : 'api')}`;
    // On the host's network a container's ports are the host's: podman refuses port declarations there.
    delete container.ports;
    container.env = container.env?.flatMap((variable) => {
      const ref = variable.valueFrom?.secretKeyRef;
      if (!ref) return [variable];
      const value = secrets[`${ref.name}/${ref.key}`];
      if (value === undefined && ref.optional) return [];
      if (value === undefined) throw new Error(`No value for the secret ${ref.name}/${ref.key}`);
      return [{ name: variable.name, value }];
    });
    // The kubelet expands $(NAME) in a value from the variables listed before it; podman 4.3 does not.
    const known: Record<string, string> = {};
    for (const variable of container.env ?? []) {
      if (variable.value === undefined) continue;
      variable.value = variable.value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (reference, name: string) => known[name] ?? reference);
      known[variable.name] = variable.value;
    }
  }
  return copy;
}

/** Asks a probe as the kubelet would (HTTP GET on the pod's port, here the host's). */
async function probeAnswers(probe: IProbe | undefined, ports: Record<string, number>): Promise<number> {
  const get = probe?.httpGet;
  if (!get) return 0;
  const port = typeof get.port === 'number' ? get.port : ports[get.port]!;
  return (await fetch(`http://127.0.0.1:${port}${get.path}`).catch(() => ({ status: 0 }))).status;
}

async function main(): Promise<void> {
  ensureCommands(['podman', 'catatonit', 'runc']);
  await assertPortsFree([4000, 9464, 8080, 8443].map((port) => ({ port, variable: 'the pods of npm run test:kube (host network)' })));
  const objects = renderOverlay('dev');
  const apiDeployment = findObject(objects, 'Deployment', 'segmentia-api')!;
  const webDeployment = findObject(objects, 'Deployment', 'segmentia-web')!;
  // The API's settings: a generated ConfigMap (its name ends in a hash of its content, as the Deployment refers to it).
  const settings = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('segmentia-api-settings'))!;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-kube-play-'));
  chmodSync(folder, 0o755);
  const server = await openScratchServer(await freePort(), 'a free port');
  const database = await createTemporaryDatabase(server.url, 'kube_play');
  const played: string[] = [];
  const limits = path.join(folder, 'containers.conf');
  // runc, not Debian's default crun: crun refuses a machine whose cgroups are mounted in hybrid mode (v1 controllers
  // and a v2 tree, as this one: "cgroups in hybrid mode not supported"), which runc runs on.
  writeFileSync(limits, '[containers]\ndefault_ulimits = ["nofile=8192:8192", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n');
  podmanEnv = { ...process.env, CONTAINERS_CONF: limits };
  const engine = await openEngine();
  try {
    // The images test:images built, into podman's store.
    const archive = path.join(folder, 'images.tar');
    await run('docker', ['save', '-o', archive, imageName(IMAGES, 'api'), imageName(IMAGES, 'web')]);
    await run('podman', ['load', '-q', '-i', archive]);
    rmSync(archive);

    // The dev overlay's generated Secrets.
    const secrets = renderedSecrets(objects);
    const api = forThisMachine(apiDeployment, secrets);
    // The API as its own role, as the Cluster's managed role; this machine's PostgreSQL speaks no TLS, so the
    // operator's CA (sslmode=verify-full) is left out here: manifests.spec.ts checks that part.
    const apiSpec = podTemplateOf(api);
    const apiContainer = apiSpec.containers[0] as IContainer;
    const apiDatabaseUrl = await renewApiRolePassword(database.url);
    apiContainer.env = apiContainer.env!.flatMap((variable) =>
      variable.name === 'DATABASE_PASSWORD'
        ? []
        : variable.name === 'DATABASE_URL'
          ? [{ name: variable.name, value: apiDatabaseUrl }]
          : [variable],
    );
    apiContainer.volumeMounts = apiContainer.volumeMounts?.filter(({ name }) => name !== 'postgres-ca');
    apiSpec.volumes = apiSpec.volumes?.filter(({ name }) => name !== 'postgres-ca');
    const web = forThisMachine(webDeployment, secrets);
    // No cluster DNS on the host's network: nginx reaches the API where it listens.
    const webContainer = podTemplateOf(web).containers[0] as IContainer;
    webContainer.env = webContainer.env!.map((variable) =>
      variable.name === 'NGINX_API_SERVERS'
        ? { name: variable.name, value: 'server 127.0.0.1:4000 max_fails=1 fail_timeout=2s;' }
        : variable,
    );
    const certificates = ensureLocalCertificates(path.join(REPO_ROOT, '.data', 'tls'));
    const tls = path.join(folder, 'tls');
    mkdirSync(tls, { mode: 0o755 });
    copyFileSync(certificates.cert, path.join(tls, 'tls.crt'));
    copyFileSync(certificates.key, path.join(tls, 'tls.key'));
    for (const file of ['tls.crt', 'tls.key']) chmodSync(path.join(tls, file), 0o644);
    const webSpec = podTemplateOf(web);
    webSpec.volumes = webSpec.volumes!.map((volume) =>
      volume.secret ? { name: volume.name, hostPath: { path: tls, type: 'Directory' } } : volume,
    );

    const configMap = path.join(folder, 'settings.yaml');
    writeFileSync(configMap, stringify(settings));
    for (const [name, deployment] of [
      ['api', api],
      ['web', web],
    ] as const) {
      const file = path.join(folder, `${name}.yaml`);
      writeFileSync(file, stringify(deployment));
      played.push(file);
      await run('podman', ['kube', 'play', '--network', 'host', '--configmap', configMap, file]);
    }

    // Each pod's probes, asked as the kubelet asks them, once its readiness says yes.
    for (const [name, deployment] of [
      ['api', apiDeployment],
      ['web', webDeployment],
    ] as const) {
      const container = podTemplateOf(deployment).containers[0] as IContainer;
      const ports = Object.fromEntries((container.ports ?? []).map((port) => [port.name!, port.containerPort]));
      await until(
        `the ${name} pod answers its readiness probe`,
        async () => (await probeAnswers(container.readinessProbe, ports)) === 200,
        {
          timeoutMs: 60_000,
          intervalMs: 250,
        },
      );
      const kinds = [container.startupProbe, container.livenessProbe, container.readinessProbe];
      const statuses = await Promise.all(kinds.map((probe) => probeAnswers(probe, ports)));
      report(
        `${name} probes`,
        statuses.every((status) => status === 200),
        `startup, liveness, readiness: ${statuses.join(', ')}`,
      );
    }

    const containers = JSON.parse(await run('podman', ['ps', '--format', 'json'])) as { Names: string[]; Id: string }[];
    const settingsOf = await Promise.all(
      containers
        .filter((container) => /segmentia-(api|web)/.test(container.Names[0]!) && !container.Names[0]!.endsWith('-infra'))
        .map(async (container) => {
          const [inspect] = JSON.parse(await run('podman', ['inspect', container.Id])) as {
            Name: string;
            Config: { User: string };
            HostConfig: { ReadonlyRootfs: boolean; CapDrop: string[]; CapAdd: string[] | null };
            EffectiveCaps: string[] | null;
          }[];
          return inspect!;
        }),
    );
    report(
      'containers as specified',
      settingsOf.length === 2 && // one api, one web
        settingsOf.every(
          (inspect) => inspect.Config.User.startsWith('1000') && inspect.HostConfig.ReadonlyRootfs && !inspect.EffectiveCaps?.length,
        ),
      settingsOf
        .map(
          (inspect) =>
            `${inspect.Name}: user ${inspect.Config.User}, read-only ${inspect.HostConfig.ReadonlyRootfs}, ` +
            `capabilities ${inspect.EffectiveCaps?.length ?? 0}`,
        )
        .join('; '),
    );

    const ca = readFileSync(certificates.ca, 'utf8');
    const get = (pathname: string, headers: Record<string, string> = {}) => getPage(`https://localhost:8443${pathname}`, ca, headers);
    await until('the web pod answers', async () => (await get('/').catch(() => ({ status: 0 }))).status === 200, {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    const home = await get('/en/');
    const query = encodeURIComponent('{ audiences(country: "ES", topic: "automotive", locale: ES) { id } }');
    const answer = await get(`/graphql?query=${query}`, { 'apollo-require-preflight': 'true' });
    const audiences = (JSON.parse(answer.body) as { data?: { audiences?: unknown[] } }).data?.audiences?.length ?? 0;
    report('through the web pod', home.status === 200 && audiences > 0, `/en/ ${home.status}; the explorer's audiences: ${audiences}`);
  } catch (error) {
    // What the pods said, before they are taken down: the reason a probe never answered.
    const all = JSON.parse(await run('podman', ['ps', '-a', '--format', 'json']).catch(() => '[]')) as { Names: string[]; Id: string }[];
    for (const container of all.filter(({ Names }) => /segmentia-(api|web)/.test(Names[0]!) && !Names[0]!.endsWith('-infra'))) {
      const logs = await promisify(execFile)('podman', ['logs', '--tail', '30', container.Id], { env: podmanEnv }).catch(
        (failure: { stdout?: string; stderr?: string }) => failure,
      );
      console.log(`--- ${container.Names[0]}:\n${logs.stdout ?? ''}${logs.stderr ?? ''}`);
    }
    throw error;
  } finally {
    for (const file of played.reverse()) await run('podman', ['kube', 'down', file]).catch(() => undefined);
    await engine.close();
    await database.drop();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  const failed = results.filter((ok) => !ok).length;
  console.log(failed ? `\n${failed} of ${results.length} checks failed.` : `\nAll ${results.length} checks passed.`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * The API's environment in Kubernetes against docker-compose.yml's `x-api-environment`: the same names, but for
 * the differences below, each with its reason. A setting added to one and not the other fails manifests.spec.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IContainer } from 'kubernetes-models/v1';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../common/paths';
import { nameOf, type Rule, workloads } from './policy';
import type { KubeObject } from './render';

/** The names of docker-compose.yml's `x-api-environment`, the API's settings there. */
export function composeApiNames(): string[] {
  const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    'x-api-environment': object;
  };
  return Object.keys(compose['x-api-environment']);
}

/** Names the API's pods have and compose's API has not. */
export const ONLY_IN_KUBERNETES: Record<string, string> = {
  ALTCHA_HMAC_SECRET: 'one proof-of-work secret for every replica, from a Secret (compose lets each process make its own)',
  SHUTDOWN_GRACE_MS: 'readiness says "stopping" while the Service\'s endpoints drop the pod (compose has no endpoints to wait for)',
  REDIS_PASSWORD: "Valkey's password from its Secret, set into REDIS_URL by Kubernetes' $(REDIS_PASSWORD) expansion; the API ignores it",
  DATABASE_PASSWORD:
    "the API role's password from its Secret, set into DATABASE_URL by $(DATABASE_PASSWORD) (CloudNativePG only: a managed " +
    "database's Secret holds the whole URL); the API ignores it",
  ALLOW_DEVELOPMENT_SECRETS: "the dev overlay's local cluster takes the throwaway Secrets it commits; compose commits no secret",
};

/** Names compose's API has and the API's pods have not. */
export const ONLY_IN_COMPOSE: Record<string, string> = {};

/** The variable names a container gets: its own, and every key of the ConfigMaps it takes whole (envFrom). */
export function environmentNames(container: IContainer, objects: KubeObject[], namespace: string | undefined): string[] {
  const fromConfigMaps = (container.envFrom ?? []).flatMap(({ configMapRef, secretRef, prefix = '' }) => {
    // A whole Secret's keys cannot be read from the manifests; the API's secrets are named one by one instead.
    if (secretRef) return [`<every key of Secret ${secretRef.name}>`];
    const configMap = objects.find(
      (object) => object.kind === 'ConfigMap' && object.metadata.name === configMapRef?.name && object.metadata.namespace === namespace,
    );
    return Object.keys((configMap?.data as Record<string, string> | undefined) ?? {}).map((key) => prefix + key);
  });
  return [...new Set([...fromConfigMaps, ...(container.env ?? []).map(({ name }) => name)])].sort();
}

/** The API's pods (component api) have compose's names, but for the differences listed above. */
export const apiEnvironment =
  (composeNames: string[]): Rule =>
  (objects) =>
    workloads(objects)
      .filter(({ labels }) => labels['app.kubernetes.io/component'] === 'api')
      .flatMap(({ owner, pod }) => {
        const names = environmentNames(pod.containers[0]!, objects, owner.metadata.namespace);
        const extra = names.filter((name) => !composeNames.includes(name) && !(name in ONLY_IN_KUBERNETES));
        const missing = composeNames.filter((name) => !names.includes(name) && !(name in ONLY_IN_COMPOSE));
        return [
          ...extra.map((name) => `${nameOf(owner)}: ${name} is not in docker-compose.yml's x-api-environment`),
          ...missing.map((name) => `${nameOf(owner)}: ${name} of docker-compose.yml's x-api-environment is missing`),
        ];
      });

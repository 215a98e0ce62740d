/**
 * The Kubernetes manifests of deploy/k8s as objects: an overlay rendered by `kubectl kustomize` (offline, no
 * cluster needed), each YAML document parsed. What manifests.spec.ts validates and checks against the policy.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { IPodSpec } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../../common/paths';

export const K8S_DIR = path.join(REPO_ROOT, 'deploy/k8s');

/** What every Kubernetes object has; the rest is read by the checks that need it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** The objects `kubectl kustomize` renders from `dir` (a kustomization folder: an overlay, or any other). */
export function renderKustomization(dir: string): KubeObject[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error('kubectl is not installed: deploy/k8s is rendered with `kubectl kustomize` (kubectl 1.27 or later, kustomize 5).');
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`kubectl kustomize ${path.relative(REPO_ROOT, dir)} failed:\n${result.stderr.trim()}`);
  return parseAllDocuments(result.stdout).map((document) => {
    if (document.errors.length) throw new Error(`kubectl kustomize ${dir} printed invalid YAML: ${document.errors[0]!.message}`);
    return document.toJS() as KubeObject;
  });
}

/** An overlay of deploy/k8s/overlays by its name: dev, production, production-managed-postgres. */
export const renderOverlay = (overlay: string): KubeObject[] => renderKustomization(path.join(K8S_DIR, 'overlays', overlay));

/** The object of that kind and name (the overlays put everything in one namespace); undefined when there is none. */
export const findObject = (objects: KubeObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);

/** The pod template of a Deployment or a Job. */
export const podTemplateOf = (object: KubeObject) => (object.spec as { template: { spec: IPodSpec } }).template.spec;

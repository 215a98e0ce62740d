/**
 * Kubernetes' PrometheusRules, made from the rule files Prometheus evaluates on one machine and promtool tests
 * (deploy/monitoring/rules): their groups copied as they are, so the objectives and alerts have one source.
 * `npx tsx tools/src/ops/k8s/prometheus-rule.ts` writes deploy/k8s/components/monitoring/prometheus-rule.yaml;
 * manifests.spec.ts fails while the PrometheusRules the overlays render do not hold the rule files' groups.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Document, isSeq, parseDocument, type YAMLSeq } from 'yaml';
import { REPO_ROOT } from '../../common/paths';
import { K8S_DIR } from './render';

/** The objectives and alerts, in Prometheus's rule-file format (promtool checks and tests them). */
export const RULES_DIR = path.join(REPO_ROOT, 'deploy/monitoring/rules');
const PROMETHEUS_RULE_FILE = path.join(K8S_DIR, 'components/monitoring/prometheus-rule.yaml');
export const REGENERATE = 'npx tsx tools/src/ops/k8s/prometheus-rule.ts';

/** The rule files' paths, in the order they are copied (by name). */
export const rulePaths = () =>
  readdirSync(RULES_DIR)
    .filter((name) => name.endsWith('.rules.yaml'))
    .sort()
    .map((name) => path.join(RULES_DIR, name));

/** Each rule file's `groups`, as YAML nodes: comments and block scalars (a long `expr: |`) come along. */
function groupsOf(file: string): YAMLSeq['items'] {
  const document = parseDocument(readFileSync(file, 'utf8'));
  if (document.errors.length) throw new Error(`${path.relative(REPO_ROOT, file)}: ${document.errors[0]!.message}`);
  const groups = document.get('groups', true);
  if (!isSeq(groups) || !groups.items.length) throw new Error(`${path.relative(REPO_ROOT, file)}: no groups`);
  return groups.items;
}

/** The PrometheusRule a rule file becomes: `segmentia-<file>`, with the file's groups. */
export const ruleName = (file: string) => `segmentia-${path.basename(file, '.rules.yaml')}`;

/**
 * The PrometheusRules' YAML, as the component commits it: one per rule file, as Prometheus reads the files, so a group
 * name is unique where promtool requires it (the operator refuses a PrometheusRule that repeats one).
 */
export function prometheusRuleYaml(): string {
  const files = rulePaths();
  if (!files.length) throw new Error(`${path.relative(REPO_ROOT, RULES_DIR)} has no *.rules.yaml`);
  const documents = files.map((file) => {
    const rule = new Document({
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'PrometheusRule',
      metadata: { name: ruleName(file), labels: { 'app.kubernetes.io/name': 'segmentia', 'app.kubernetes.io/component': 'monitoring' } },
      spec: { groups: [] },
    });
    (rule.getIn(['spec', 'groups'], true) as YAMLSeq).items = groupsOf(file);
    rule.commentBefore = ` From ${path.relative(REPO_ROOT, file)}.`;
    return rule.toString({ lineWidth: 0 });
  });
  return [
    '# The objectives and alerts for the Prometheus Operator. MADE, NOT WRITTEN: the groups of the rule files of',
    '# deploy/monitoring/rules, copied by tools/src/ops/k8s/prometheus-rule.ts. Change those files, then run',
    `# ${REGENERATE}`,
    documents.join('---\n'),
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(PROMETHEUS_RULE_FILE, prometheusRuleYaml());
  console.log(`${path.relative(REPO_ROOT, PROMETHEUS_RULE_FILE)} written from ${path.relative(REPO_ROOT, RULES_DIR)}`);
}

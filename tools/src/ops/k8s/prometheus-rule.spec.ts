import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { parse, parseAllDocuments } from 'yaml';
import { PROMETHEUS_RULE_FILE, prometheusRuleYaml, REGENERATE, rulePaths, ruleName, RULES_DIR } from './prometheus-rule';
import { type KubeObject, renderOverlay } from './render';

interface Groups {
  groups: { name: string; rules: object[] }[];
}
const groupsOf = (file: string) => (parse(readFileSync(file, 'utf8')) as Groups).groups;
const objectsOf = (text: string) => parseAllDocuments(text).map((document) => document.toJS() as KubeObject & { spec: Groups });

describe("Kubernetes' PrometheusRules, made from deploy/monitoring/rules", () => {
  const committed = readFileSync(PROMETHEUS_RULE_FILE, 'utf8');

  it(`are what the rule files give (after a change to them: ${REGENERATE})`, () => {
    expect(committed === prometheusRuleYaml()).toBe(true);
  });

  it('hold the groups of each rule file, as written there, and fit their schema', () => {
    const rules = objectsOf(committed);
    expect(rulePaths().map((file) => path.basename(file))).toEqual(expect.arrayContaining(['alerts.rules.yaml', 'objectives.rules.yaml']));
    expect(rules.map(({ metadata }) => metadata.name)).toEqual(rulePaths().map(ruleName));
    for (const file of rulePaths()) {
      const rule = rules.find(({ metadata }) => metadata.name === ruleName(file))!;
      expect(rule.spec.groups).toEqual(groupsOf(file));
      // The operator refuses a PrometheusRule that repeats a group's name.
      const names = rule.spec.groups.map(({ name }) => name);
      expect(new Set(names).size).toBe(names.length);
      expect(() => new PrometheusRule(rule as never).validate()).not.toThrow();
    }
  });

  it('follow a change of a rule file', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'segmentia-rules-'));
    try {
      cpSync(RULES_DIR, copy, { recursive: true });
      const file = rulePaths(copy).find((name) => name.endsWith('objectives.rules.yaml'))!;
      writeFileSync(file, readFileSync(file, 'utf8').replace('[5m]', '[7m]'));
      const changed = prometheusRuleYaml(copy);
      expect(changed).not.toBe(committed);
      expect(objectsOf(changed).find(({ metadata }) => metadata.name === 'segmentia-objectives')!.spec.groups).toEqual(groupsOf(file));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('are deployed by the production overlays, in their namespace', () => {
    for (const overlay of ['production', 'production-managed-postgres']) {
      const rendered = renderOverlay(overlay).filter(({ kind }) => kind === 'PrometheusRule');
      expect(rendered.map(({ metadata }) => metadata.namespace)).toEqual(['segmentia', 'segmentia']);
      expect(rendered.map(({ spec }) => spec)).toEqual(objectsOf(committed).map(({ spec }) => spec));
    }
  });
});

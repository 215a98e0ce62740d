import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { alertForSeconds, durationSeconds, RULES_DIR, ruleFiles, writeRuleFiles } from './monitoring';

describe('the rule files as Prometheus beside the topology reads them', () => {
  it('read Prometheus durations, and refuse what is not one', () => {
    expect(durationSeconds('1m')).toBe(60);
    expect(durationSeconds('1h30m')).toBe(5400);
    expect(durationSeconds('90s')).toBe(90);
    expect(() => durationSeconds('1 m')).toThrow('Not a Prometheus duration: "1 m"');
    expect(() => durationSeconds('')).toThrow('Not a Prometheus duration');
  });

  it("take each alert's `for` from deploy/monitoring/rules, and name one that is not there", () => {
    expect(alertForSeconds('SegmentiaDependencyDown')).toBe(60);
    expect(() => alertForSeconds('SegmentiaNoSuchAlert')).toThrow('No alert SegmentiaNoSuchAlert in deploy/monitoring/rules');
  });

  it("give the drill's Prometheus the same rules with every `for` at most its own", () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-rules-'));
    try {
      const copies = writeRuleFiles(folder, 10);
      expect(copies.map((copy) => path.basename(copy))).toEqual(ruleFiles());
      const rules = (file: string) =>
        (parse(readFileSync(file, 'utf8')) as { groups: { rules: Record<string, unknown>[] }[] }).groups.flatMap((group) => group.rules);
      for (const [index, file] of ruleFiles().entries()) {
        const [original, copy] = [rules(path.join(RULES_DIR, file)), rules(copies[index]!)];
        expect(copy.map(({ for: _, ...rule }) => rule)).toEqual(original.map(({ for: _, ...rule }) => rule));
        for (const [at, rule] of copy.entries()) {
          const own = original[at]!.for as string | undefined;
          expect(rule.for).toBe(own && durationSeconds(own) > 10 ? '10s' : own);
        }
      }
      expect(rules(copies[ruleFiles().indexOf('alerts.rules.yaml')]!).find((rule) => rule.alert === 'SegmentiaDependencyDown')?.for).toBe(
        '10s',
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

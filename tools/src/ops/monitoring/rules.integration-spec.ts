/**
 * The objectives and alerts of deploy/monitoring as promtool (Debian's prometheus package) reads them: every rule file
 * valid and every unit test passing, with promtool's own words when one is not. And what promtool leaves unchecked:
 * each alert's severity, summary and runbook section; a case where each alert fires and one where it stays quiet;
 * the drills' alerts waiting the minute the drills hold their faults for; the objectives watching operations the site
 * really sends.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../common/paths';

const MONITORING = path.join(REPO_ROOT, 'deploy', 'monitoring');
const filesOf = (folder: string, suffix: string) =>
  readdirSync(path.join(MONITORING, folder))
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => `deploy/monitoring/${folder}/${name}`);
const RULE_FILES = filesOf('rules', '.rules.yaml');
const TEST_FILES = filesOf('tests', '.test.yaml');

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleTest {
  alertname: string;
  exp_alerts?: unknown[] | null;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const rules = RULE_FILES.flatMap((file) => (parse(read(file)) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules));
const alerts = rules.filter((rule): rule is Rule & { alert: string } => Boolean(rule.alert));
const alertNames = [...new Set(alerts.map((rule) => rule.alert))].sort();
const ruleTests = TEST_FILES.flatMap((file) =>
  (parse(read(file)) as { tests: { alert_rule_test?: RuleTest[] }[] }).tests.flatMap((test) => test.alert_rule_test ?? []),
);

/** promtool's exit status and everything it printed. */
function promtool(...args: string[]) {
  const run = spawnSync('promtool', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool did not run (${run.error.message}): it comes with Debian's prometheus package`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('deploy/monitoring, through promtool', () => {
  it('has rule files and tests', () => {
    expect(RULE_FILES).toEqual(['deploy/monitoring/rules/alerts.rules.yaml', 'deploy/monitoring/rules/objectives.rules.yaml']);
    expect(TEST_FILES.length).toBeGreaterThan(0);
  });

  it.each(RULE_FILES)('%s passes promtool check rules', (file) => {
    expect(promtool('check', 'rules', file)).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  // Days of series evaluated every minute: seconds each, more on a busy machine.
  it.each(TEST_FILES)(
    '%s passes promtool test rules',
    (file) => {
      expect(promtool('test', 'rules', file)).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
    },
    120_000,
  );
});

describe('the alerts', () => {
  it('each have a severity (page or ticket), a summary and a runbook section of docs/runbook.md that exists', () => {
    const anchors = new Set([...read('docs/runbook.md').matchAll(/^#{2,3} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
    expect(alerts.length).toBeGreaterThanOrEqual(15);
    const faults = alerts.flatMap(({ alert, labels, annotations }) => {
      const runbook = /^docs\/runbook\.md#(.+)$/.exec(annotations?.runbook ?? '')?.[1];
      return [
        ...(['page', 'ticket'].includes(labels?.severity ?? '') ? [] : [`${alert}: severity ${labels?.severity}`]),
        ...(annotations?.summary?.trim() ? [] : [`${alert}: no summary`]),
        ...(runbook && anchors.has(runbook) ? [] : [`${alert}: runbook ${annotations?.runbook} is no heading of docs/runbook.md`]),
      ];
    });
    expect(faults).toEqual([]);
  });

  it('each fire in a test and stay quiet in another, and the tests name no alert that does not exist', () => {
    const firing = new Set(ruleTests.filter((test) => test.exp_alerts?.length).map((test) => test.alertname));
    const quiet = new Set(ruleTests.filter((test) => !test.exp_alerts?.length).map((test) => test.alertname));
    expect(alertNames.filter((name) => !firing.has(name))).toEqual([]);
    expect(alertNames.filter((name) => !quiet.has(name))).toEqual([]);
    // A quiet case of a misspelt name would pass, testing nothing.
    expect([...new Set(ruleTests.map((test) => test.alertname))].filter((name) => !alertNames.includes(name))).toEqual([]);
  });

  it('the drills assert wait 1 minute (a drill holds its fault 75 s)', () => {
    const drilled = ['SegmentiaApiReplicaDown', 'SegmentiaDependencyDown', 'SegmentiaNotificationsFailing'];
    expect(alerts.filter((rule) => drilled.includes(rule.alert)).map((rule) => [rule.alert, rule.for])).toEqual(
      expect.arrayContaining(drilled.map((name) => [name, '1m'])),
    );
    expect(alerts.filter((rule) => drilled.includes(rule.alert) && rule.for !== '1m')).toEqual([]);
  });
});

describe('the objectives', () => {
  it('watch operations the site sends, by their names', () => {
    const sources = execFileSync('git', ['ls-files', 'site/src'], { cwd: REPO_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(graphql|tsx?)$/.test(file) && !/generated/.test(file));
    const sent = new Set(sources.flatMap((file) => [...read(file).matchAll(/\b(?:query|mutation) (\w+)/g)].map((match) => match[1]!)));
    const watched = new Set(
      rules.flatMap((rule) => [...rule.expr.matchAll(/operation=~?"([^"]+)"/g)].flatMap((match) => match[1]!.split('|'))),
    );
    expect([...watched].sort()).toEqual(['Audiences', 'CountryAudiences', 'CountryCount', 'SearchAudiences', 'SubmitContactRequest']);
    expect([...watched].filter((name) => !sent.has(name))).toEqual([]);
  });
});

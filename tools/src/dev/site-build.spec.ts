import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { until } from '@segmentia/testing';
import { buildSite } from './site-build';
import { lockSiteBuilds } from './site-build-lock';
import { REPO_ROOT } from '../common/paths';
import { LOCALES } from '@segmentia/contracts/locales';

/** A stand-in for the API: answers the build's query with `data`, and counts the questions. */
function fakeApi(): Promise<{ url: string; data: { value: unknown }; queries: string[]; server: Server }> {
  const data = { value: { coverage: { countries: 27 } } as unknown };
  const queries: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      queries.push((JSON.parse(body) as { query: string }).query);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ data: data.value }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/graphql`, data, queries, server }),
    ),
  );
}

describe('buildSite', () => {
  /** A lock of this run's own: the machine's is for real builds. */
  const lockFile = path.join(os.tmpdir(), `segmentia-site-build-spec-${process.pid}.lock`);
  afterAll(() => rmSync(lockFile, { force: true }));
  let repo: string;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let builds: NodeJS.ProcessEnv[];
  const messages: string[] = [];
  /** What `gatsby build` leaves behind: pages, the id of the build, and security headers whose CSP hashes differ each time. */
  const build = async (env: NodeJS.ProcessEnv, root: string) => {
    builds.push(env);
    mkdirSync(path.join(root, 'site/public/builds'), { recursive: true });
    mkdirSync(path.join(root, 'site/headers'), { recursive: true });
    writeFileSync(path.join(root, 'site/headers/headers.json'), JSON.stringify({ csp: randomBytes(8).toString('hex') }));
    writeFileSync(path.join(root, 'site/public/index.html'), '<html></html>');
    writeFileSync(path.join(root, 'site/public/builds/latest.json'), JSON.stringify({ buildId: randomBytes(4).toString('hex') }));
  };
  const run = (env: Record<string, string> = {}, release = false) =>
    buildSite(
      { SITE_API_URL: api.url, GATSBY_SITE_URL: 'http://localhost:8000', ...env },
      { repoRoot: repo, build, log: (message) => messages.push(message), lockFile, release },
    );

  beforeEach(async () => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'segmentia-site-build-'));
    mkdirSync(path.join(repo, 'site/src/pages'), { recursive: true });
    writeFileSync(path.join(repo, 'site/src/pages/index.tsx'), 'export default 1;');
    cpSync(path.join(REPO_ROOT, 'site/site-data.graphql'), path.join(repo, 'site/site-data.graphql'));
    writeFileSync(path.join(repo, 'package-lock.json'), '{}');
    api = await fakeApi();
    builds = [];
    messages.length = 0;
  });
  afterEach(async () => {
    await new Promise((resolve) => api.server.close(resolve));
    rmSync(repo, { recursive: true, force: true });
  });

  it('builds once, then reuses site/public while sources, settings and the API data stay the same, and says so', async () => {
    await expect(run()).resolves.toBe('built');
    await expect(run({ SITE_API_URL: api.url.replace('127.0.0.1', 'localhost') })).resolves.toBe('reused');
    expect(builds).toHaveLength(1);
    expect(messages).toEqual(['Building the site…', 'Site unchanged since the last build: reusing site/public']);
    // It asks the API what the build itself asks (site/gatsby-node.ts reads the same file).
    expect(api.queries[0]).toBe(readFileSync(path.join(REPO_ROOT, 'site/site-data.graphql'), 'utf8'));
    // The stamp is outside site/public: never served.
    expect(JSON.parse(readFileSync(path.join(repo, 'site/.build-stamp.json'), 'utf8'))).toMatchObject({ fingerprint: expect.any(String) });
  });

  it('builds again when a source file, a GATSBY_ setting or the API data changed', async () => {
    await run();
    writeFileSync(path.join(repo, 'site/src/pages/index.tsx'), 'export default 2;');
    await expect(run()).resolves.toBe('built');
    await expect(run({ GATSBY_GTM_ID: 'GTM-ABC1234' })).resolves.toBe('built');
    api.data.value = { coverage: { countries: 28 } };
    await expect(run({ GATSBY_GTM_ID: 'GTM-ABC1234' })).resolves.toBe('built');
    await expect(run({ GATSBY_GTM_ID: 'GTM-ABC1234' })).resolves.toBe('reused');
    writeFileSync(path.join(repo, 'package-lock.json'), '{"lockfileVersion":3}');
    await expect(run({ GATSBY_GTM_ID: 'GTM-ABC1234' })).resolves.toBe('built');
  });

  it('refuses a build for the public while the company data are the examples, even one it could reuse', async () => {
    await run();
    await expect(run({}, true)).rejects.toThrow(/GATSBY_COMPANY_ADDRESS, GATSBY_COMPANY_TAX_ID, GATSBY_COMPANY_REGISTRY/);
    await expect(run({ PUBLISH_EXAMPLE_COMPANY: 'true' }, true)).resolves.toBe('reused');
    expect(builds).toHaveLength(1);
  });

  it('refuses a build for the public that loads a Tag Manager container nobody audited', async () => {
    const company = { PUBLISH_EXAMPLE_COMPANY: 'true', GATSBY_GTM_ID: 'GTM-ABC1234' };
    await expect(run(company, true)).rejects.toThrow(/GATSBY_GTM_AUDITED_VERSION/);
    expect(builds).toHaveLength(0);
    await expect(run({ ...company, GATSBY_GTM_AUDITED_VERSION: '12' }, true)).resolves.toBe('built');
    // Not a release (npm start, the browser tests): no audit asked.
    await expect(run({ GATSBY_GTM_ID: 'GTM-ABC1234' })).resolves.toBe('built');
  });

  it('builds again when another build wrote site/public since, or it is gone', async () => {
    await run();
    writeFileSync(path.join(repo, 'site/public/builds/latest.json'), JSON.stringify({ buildId: 'someone-else' }));
    await expect(run()).resolves.toBe('built');
    rmSync(path.join(repo, 'site/public'), { recursive: true });
    await expect(run()).resolves.toBe('built');
  });

  it('forgets which pages Gatsby rendered before it builds, so that a change to CSS alone renders every page again', async () => {
    const state = path.join(repo, 'site/.cache/redux/redux.rest.state');
    const webpackCache = path.join(repo, 'site/.cache/webpack/cache.pack');
    for (const file of [state, webpackCache]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'cached');
    }
    const seen: boolean[] = [];
    await buildSite(
      { SITE_API_URL: api.url, GATSBY_SITE_URL: 'http://localhost:8000' },
      { repoRoot: repo, build: (env, root) => (seen.push(existsSync(state)), build(env, root)), log: () => {}, lockFile },
    );
    expect(seen).toEqual([false]);
    expect(existsSync(webpackCache)).toBe(true);
  });

  it('builds when the API does not answer the query, and a failed build leaves no stamp to reuse', async () => {
    await expect(run({ SITE_API_URL: 'http://127.0.0.1:9/graphql' })).resolves.toBe('built');
    await run();
    const failing = buildSite(
      { SITE_API_URL: api.url, GATSBY_SITE_URL: 'http://example.test' },
      {
        repoRoot: repo,
        build: () => Promise.reject(new Error('The site build failed (exit code 1): see its output above.')),
        log: () => undefined,
        lockFile,
      },
    );
    await expect(failing).rejects.toThrow('The site build failed');
    await expect(run({ GATSBY_SITE_URL: 'http://example.test' })).resolves.toBe('built');
  });

  it('reuses an unchanged site/public without waiting for another build that holds the lock, and waits for it to build', async () => {
    await run();
    const held = await lockSiteBuilds(() => undefined, lockFile);
    try {
      await expect(run()).resolves.toBe('reused');
      writeFileSync(path.join(repo, 'site/src/pages/index.tsx'), 'export default 3;');
      let settled = false;
      messages.length = 0;
      const waiting = run().finally(() => (settled = true));
      await until('the build says it waits for the lock', () =>
        messages.some((message) => message.startsWith('Another site build is running')),
      );
      expect(settled).toBe(false);
      await held();
      await expect(waiting).resolves.toBe('built');
    } finally {
      await held();
    }
  });

  it('lets one build run at a time: the second waits, then finds the first one reusable', async () => {
    const both = await Promise.all([run(), run()]);
    expect(both.sort()).toEqual(['built', 'reused']);
    expect(builds).toHaveLength(1);
  });
});

describe('lockSiteBuilds', () => {
  const lockFile = path.join(os.tmpdir(), `segmentia-lock-spec-${process.pid}`);
  afterAll(() => rmSync(lockFile, { force: true }));

  it('is exclusive across holders, and released', async () => {
    const release = await lockSiteBuilds(() => undefined, lockFile);
    let second = false;
    let told = false;
    const next = lockSiteBuilds(() => (told = true), lockFile).then((releaseNext) => {
      second = true;
      return releaseNext;
    });
    await until('the second holder says it waits', () => told);
    expect(second).toBe(false);
    await expect(lockSiteBuilds(() => undefined, lockFile, false)).resolves.toBeUndefined();
    await release();
    await (
      await next
    )();
    expect(second).toBe(true);
    const free = await lockSiteBuilds(() => undefined, lockFile, false);
    expect(free).toBeInstanceOf(Function);
    await free?.();
  });
});

describe('site/site-data.graphql', () => {
  it('asks for the countries and topics of every language of the site', () => {
    const query = readFileSync(path.join(REPO_ROOT, 'site/site-data.graphql'), 'utf8');
    for (const { code, api } of LOCALES) {
      expect(query).toContain(`${code}Countries: countries(locale: ${api})`);
      expect(query).toContain(`${code}Topics: topics(locale: ${api})`);
    }
  });
});

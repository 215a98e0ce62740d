/**
 * The GraphQL IDE the API serves (GraphiQL, bundled by @segmentia/graphql-ide):
 * its page, files and policy over HTTP, on in development, off in production
 * unless GRAPHQL_IDE=true, where it reads the committed schema. What the page
 * does in a browser (no request to another host) is tests/e2e/graphql-ide.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../src/database/paths';
import { startTestApi, type TestApi } from './support/api';

const asBrowser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

const IDE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

describe('in development', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ NODE_ENV: 'development', SITE_ORIGINS: 'http://localhost:8000' });
  });
  afterAll(() => api.close());

  it('gives a browser the IDE at /graphql: our own script and stylesheet, under a policy of this origin only', async () => {
    const response = await fetch(`${api.url}/graphql`, { headers: asBrowser });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toBe(IDE_POLICY);
    const page = await response.text();
    expect(page).toContain('<script defer src="/graphql-ide/ide.js"></script>');
    expect(page).toContain('<link rel="stylesheet" href="/graphql-ide/ide.css">');
    expect(page).toContain('data-site-origins="http://localhost:8000"');
    // It introspects: no schema file, no script or style of another host, nothing inline.
    expect(page).not.toContain('data-schema-url');
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });

  it('serves the bundle (GraphiQL with its explorer plugin) from its own origin', async () => {
    const script = await fetch(`${api.url}/graphql-ide/ide.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const code = await script.text();
    expect(code.length).toBeGreaterThan(500_000);
    expect(code).toContain('graphiql-explorer');
    expect((await fetch(`${api.url}/graphql-ide/ide.css`)).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await fetch(`${api.url}/graphql-ide/schema.graphql`)).status).toBe(404);
  });

  it('still answers an operation sent by GET, and a POST, as JSON', async () => {
    const get = await fetch(`${api.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(await get.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await api.graphql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('in production', () => {
  it('serves no IDE unless told', async () => {
    const api = await startTestApi({ NODE_ENV: 'production' });
    try {
      const response = await fetch(`${api.url}/graphql`, { headers: asBrowser });
      expect(await response.text()).not.toContain('graphiql');
      expect((await fetch(`${api.url}/graphql-ide/ide.js`)).status).toBe(404);
    } finally {
      await api.close();
    }
  });

  it('with GRAPHQL_IDE=true, serves it with the committed schema, and introspection stays off', async () => {
    const api = await startTestApi({ NODE_ENV: 'production', GRAPHQL_IDE: 'true' });
    try {
      const page = await (await fetch(`${api.url}/graphql`, { headers: asBrowser })).text();
      expect(page).toContain('data-schema-url="/graphql-ide/schema.graphql"');
      const schema = await fetch(`${api.url}/graphql-ide/schema.graphql`);
      expect(await schema.text()).toBe(await readFile(path.join(API_ROOT, 'schema.graphql'), 'utf8'));
      const { body } = await api.graphql('{ __schema { queryType { name } } }');
      expect(body.errors?.[0]?.message).toMatch(/introspection/i);
    } finally {
      await api.close();
    }
  });
});

import { getIntrospectionQuery } from 'graphql';
import { startTestApi, type TestApi } from './support/api';

const ALIASED = 'audiences(country: "ES", topic: "automotive", locale: ES) { id interest audienceSize }';
const audiencesAliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${ALIASED}`).join(' ')} }`;

/** The largest body of `__typename` aliases the body limit lets through. */
const aliasFlood = (bytes: number) => {
  const aliases: string[] = [];
  for (let i = 0, size = 4; size < bytes - 40; i++) {
    aliases.push(`a${i}:__typename`);
    size += aliases.at(-1)!.length + 1;
  }
  return `{ ${aliases.join(' ')} }`;
};

describe('abuse limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ NODE_ENV: 'production' });
  });
  afterAll(() => api.close());

  it.each([
    ['16 `__typename` aliases', `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: __typename`).join(' ')} }`, 'GRAPHQL_VALIDATION_FAILED'],
    ['a flood of aliases up to the body limit', aliasFlood(100 * 1024), 'GRAPHQL_PARSE_FAILED'],
  ])('refuse %s before running anything (npm run bench:api times it)', async (_, query, code) => {
    const { status, body } = await api.graphql(query);
    expect(status).toBe(400);
    expect(body.errors![0]!.extensions!.code).toBe(code);
    expect(body.data).toBeUndefined();
  });

  it('answer with nosniff, no-store and without X-Powered-By, also reached directly', async () => {
    for (const response of [
      await fetch(`${api.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      }),
      await fetch(`${api.url}/health`),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('in development', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ SITE_ORIGINS: 'http://localhost:8000,https://www.segmentia.example' });
  });
  afterAll(() => api.close());

  it('answers /health and /ready', async () => {
    expect(await (await fetch(`${api.url}/health`)).json()).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    const ready = await fetch(`${api.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', info: { process: { status: 'up' }, database: { status: 'up' } } });
  });

  it('refuses a GET operation without a preflight header (CSRF prevention) and runs it with one', async () => {
    const url = `${api.url}/graphql?query=${encodeURIComponent('{ __typename }')}`;
    const simple = await fetch(url);
    expect(simple.status).toBe(400);
    expect(await simple.text()).toMatch(/CSRF/);
    const preflighted = await fetch(url, { headers: { 'apollo-require-preflight': 'true' } });
    expect(preflighted.status).toBe(200);
    expect(await preflighted.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('refuses a POST a cross-site form could send (text/plain)', async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(400);
  });

  it('allows CORS for the configured site origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight('https://www.segmentia.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.segmentia.example');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request body over BODY_LIMIT with 413', async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(200 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it('serves introspection (the standard query fits the depth limit)', async () => {
    const { status, body } = await api.graphql(getIntrospectionQuery());
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
  });

  it('rejects a query deeper than GRAPHQL_MAX_DEPTH', async () => {
    const deep = `{ __schema { types { fields { type ${'{ ofType '.repeat(20)}{ name }${' }'.repeat(20)} } } } }`;
    const { status, body } = await api.graphql(deep);
    expect(status).toBe(400);
    expect(body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.errors![0]!.message).toMatch(/depth/i);
  });

  it('rejects more aliases than GRAPHQL_MAX_ALIASES', async () => {
    const aliases = `{ ${Array.from({ length: 16 }, (_, i) => `t${i}: coverage { countries }`).join(' ')} }`;
    const { status, body } = await api.graphql(aliases);
    expect(status).toBe(400);
    expect(body.errors![0]!.message).toMatch(/alias/i);
  });

  it('rejects an operation costlier than GRAPHQL_MAX_COMPLEXITY before running it, and runs a cheaper one', async () => {
    const costly = await api.graphql(audiencesAliases(9));
    expect(costly.status).toBe(400);
    expect(costly.body.errors![0]!.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', maximum: 200 });
    expect(costly.body.data).toBeUndefined();
    const cheaper = await api.graphql(audiencesAliases(8));
    expect(cheaper.body.errors).toBeUndefined();
  });
});

describe('in production', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ NODE_ENV: 'production' });
  });
  afterAll(() => api.close());

  it('is what the API is when NODE_ENV is unset', async () => {
    const unset = await startTestApi({ NODE_ENV: '' });
    try {
      const { body } = await unset.graphql('{ __schema { types { name } } }');
      expect(body.errors![0]!.message).toMatch(/introspection/i);
    } finally {
      await unset.close();
    }
  });

  it('suggests no field names ("Did you mean")', async () => {
    const { body } = await api.graphql('{ countrie(locale: ES) { code } }');
    expect(body.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(body)).not.toMatch(/did you mean|countries/i);
  });

  it('has no introspection and no explorer page', async () => {
    const { body } = await api.graphql('{ __schema { types { name } } }');
    expect(body.errors![0]!.message).toMatch(/introspection/i);
    const page = await fetch(`${api.url}/graphql`, { headers: { accept: 'text/html', 'apollo-require-preflight': 'true' } });
    expect(page.headers.get('content-type')).not.toMatch(/html/);
    expect(await page.text()).not.toMatch(/sandbox/i);
  });

  it('sends no stack trace with an error', async () => {
    const { body } = await api.graphql('{ audiences(country: "XX", topic: "automotive", locale: ES) { id } }');
    expect(body.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|\.ts:\d+|at \w+ \(/);
  });
});

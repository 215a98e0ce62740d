import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { AudiencesService } from '../src/audiences/audiences.service';
import { startTestApi, type TestApi } from './support/api';
import { testSetting } from '@segmentia/testing';

/**
 * An unexpected error inside a resolver, over HTTP: in production the client
 * learns that there was one and nothing of its cause (no message from inside,
 * no stack trace); in development the same call shows the cause, which is
 * what production must hide.
 */
const COUNTRIES = '{ countries(locale: ES) { code } }';
const MASKED = {
  data: null,
  errors: [{ message: 'Internal server error', path: ['countries'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
};
/** What must never reach a client in production: a stack trace, or a path into the code. */
const INTERNALS = /stack|\.ts:\d+|\.js:\d+|at \w+ \(|node_modules/i;

const apis: TestApi[] = [];
const start = async (settings: Record<string, string>) => {
  const api = await startTestApi(settings);
  apis.push(api);
  return api;
};
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
});

describe('a bug in a resolver (an error thrown by the service)', () => {
  const SECRET = 'secret internal detail: pool 7 on db-internal.segmentia.lan';
  const failing = async (NODE_ENV: string) => {
    const api = await start({ NODE_ENV });
    jest.spyOn(api.app.get(AudiencesService), 'countries').mockRejectedValue(new Error(SECRET));
    return api;
  };

  it('reaches the client in production as "Internal server error", nothing more', async () => {
    const api = await failing('production');
    const { status, body } = await api.graphql(COUNTRIES);
    expect(status).toBe(200);
    expect(body).toEqual(MASKED);
    const text = JSON.stringify(body);
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toContain('db-internal');
    expect(text).not.toMatch(INTERNALS);
  });

  it('shows its message and stack in development: what production hides is there to hide', async () => {
    const api = await failing('development');
    const { body } = await api.graphql(COUNTRIES);
    expect(body.errors![0]).toMatchObject({ message: SECRET, path: ['countries'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(body)).toMatch(INTERNALS);
  });
});

describe('a database error that is not an outage (a schema the migrations never made)', () => {
  // A database of its own, empty: every query of the API fails there, as in a deployment whose migrations did not run.
  const name = `segmentia_unmigrated_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = () => new Client({ connectionString: testSetting('databaseUrl') });
  let url: string;
  beforeAll(async () => {
    const client = admin();
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    const database = new URL(testSetting('databaseUrl'));
    database.pathname = `/${name}`;
    url = database.toString();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });

  it('reaches the client in production as "Internal server error", not as SERVICE_UNAVAILABLE, naming no table', async () => {
    const api = await start({ NODE_ENV: 'production', DATABASE_URL: url });
    const { status, body } = await api.graphql(COUNTRIES);
    expect(status).toBe(200);
    expect(body).toEqual(MASKED);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/does not exist|country|public\.|relation|P20\d\d/i);
    expect(text).not.toMatch(INTERNALS);
  });

  it('names the missing table, with the stack, in development', async () => {
    const api = await start({ NODE_ENV: 'development', DATABASE_URL: url });
    const { body } = await api.graphql(COUNTRIES);
    expect(body.errors![0]!.extensions!.code).toBe('INTERNAL_SERVER_ERROR');
    // The catalog reads countries and topics at once: either table may be the one named.
    expect(body.errors![0]!.message).toMatch(/The table `public\.(country|topic)_translation` does not exist/);
    expect(JSON.stringify(body)).toMatch(INTERNALS);
  });
});

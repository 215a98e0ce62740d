import net from 'node:net';
import { Writable } from 'node:stream';
import { stopApp } from '../src/app';
import { loadConfig } from '../src/common/config/app-config';
import { Metrics } from '../src/metrics/metrics.service';
import { startTestApi, type TestApi } from './support/api';
import { until } from '@segmentia/testing';
import { contactInput, submitLead } from './support/leads';
import { closedPort, startingServer } from './support/unreachable-databases';

/** The API's log: every line it writes, parsed. */
class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      this.raw.push(line);
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
  requests() {
    return this.lines.filter((line) => line.req && line.res);
  }
}

describe('request logs', () => {
  let api: TestApi;
  const logs = new LogLines();
  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'info' }, logs);
  });
  afterAll(() => api.close());

  it('echo the request id nginx sets, and make one when there is none', async () => {
    const given = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': '0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
      body: JSON.stringify({ query: 'query Probe { __typename }' }),
    });
    expect(given.headers.get('x-request-id')).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    const made = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': '<script>' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await until('the request is logged', () =>
      logs.requests().some((line) => (line.req as { id: string }).id === made.headers.get('x-request-id')),
    );
    const probe = logs.requests().find((line) => (line.req as { id: string }).id === '0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(probe).toMatchObject({
      level: 30,
      req: { method: 'POST', path: '/graphql' },
      res: { status: 200 },
      operation: 'Probe',
      outcome: 'ok',
    });
    expect(typeof probe!.responseTime).toBe('number');
  });

  it('name the error codes of a refused request, one line for it', async () => {
    const { headers } = await api.graphql('query Broken { audiences(country: "XX", topic: "automotive", locale: ES) { id } }');
    const id = headers.get('x-request-id');
    await until('the request is logged', () => logs.requests().some((line) => (line.req as { id: string }).id === id));
    expect(logs.requests().filter((line) => (line.req as { id: string }).id === id)).toEqual([
      expect.objectContaining({ operation: 'Broken', outcome: 'BAD_USER_INPUT', errors: ['BAD_USER_INPUT'] }),
    ]);
  });

  it('hold nothing personal: no name, email, phone, message or token of a lead', async () => {
    const person = {
      contactName: 'Zacarías Quintanilla',
      email: 'zacarias.quintanilla@trazable.example',
      phone: '+34 611 98 76 54',
      message: 'Mensaje rastreable 7731',
    };
    await submitLead(api, person);
    await api.graphql('{ leads { totalCount } }', undefined, { authorization: 'Bearer token-rastreable-5521' });
    await until('the request is logged', () => logs.requests().length >= 2 && logs.requests().some((line) => line.operation === 'Submit'));
    const everything = logs.raw.join('\n');
    for (const text of [...Object.values(person), '611 98 76 54', '+34611987654', 'token-rastreable-5521', contactInput().agencyName]) {
      expect(everything).not.toContain(text);
    }
  });
});

describe('a database that is starting up', () => {
  let api: TestApi;
  let database: net.Server;
  const logs = new LogLines();
  beforeAll(async () => {
    database = await startingServer();
    const { port } = database.address() as net.AddressInfo;
    api = await startTestApi(
      { NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: `postgresql://segmentia@127.0.0.1:${port}/segmentia` },
      logs,
    );
  });
  afterAll(async () => {
    await api.close();
    database.close();
  });

  it('is logged as one line per failed request with its code and one line for the outage, never a stack trace', async () => {
    for (let i = 0; i < 5; i++) {
      const { body } = await api.graphql('query Explore { audiences(country: "ES", topic: "automotive", locale: ES) { id } }');
      expect(body.errors![0]!.extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    }
    await until('the five requests are logged', () => logs.requests().length === 5);
    expect(logs.requests().map((line) => [line.level, line.operation, line.outcome])).toEqual(
      Array(5).fill([40, 'Explore', 'SERVICE_UNAVAILABLE']),
    );
    expect(logs.lines.filter((line) => /Database unreachable/.test(String(line.msg)))).toHaveLength(1);
    expect(logs.raw.join('\n')).not.toMatch(/"stack"|\n\s+at /);
  });
});

describe('metrics', () => {
  let api: TestApi;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await closedPort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    api = await startTestApi({
      METRICS_PORT: String(port),
      HOST: '127.0.0.1',
      NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
      NOTIFY_POLL_INTERVAL_MS: '60000',
    });
  });
  afterAll(() => api.close());

  it('count requests by operation and outcome, their latency, the outbox, deliveries and the pool, on a port of their own', async () => {
    await api.graphql('query Counted { countries(locale: EN) { code } }');
    await api.graphql('query Counted { countries(locale: EN) { code } }');
    await submitLead(api);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^segmentia_graphql_requests_total\{operation="Counted",outcome="ok"\} 2$/m);
    expect(text).toMatch(/^segmentia_graphql_request_duration_seconds_count\{operation="Counted"\} 2$/m);
    expect(text).toMatch(/^segmentia_outbox_backlog \d+$/m);
    expect(text).toMatch(/^segmentia_outbox_oldest_undelivered_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^segmentia_database_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^segmentia_retention_runs_total\{result="ok"\} 1$/m);
    // The webhook refuses: the failed send is counted by channel.
    await until('the failed delivery is counted', async () =>
      /^segmentia_notification_deliveries_total\{channel="WEBHOOK",result="failed"\} 1$/m.test(await (await fetch(metricsUrl)).text()),
    );
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
  });
});

describe('readiness', () => {
  it('says "stopping" as soon as the API is asked to stop, before it stops serving', async () => {
    const settings = { SHUTDOWN_GRACE_MS: '1500' };
    const api = await startTestApi(settings);
    expect((await fetch(`${api.url}/ready`)).status).toBe(200);
    const stopping = stopApp(api.app, loadConfig({ DATABASE_URL: 'postgresql://unused', ...settings }));
    const ready = await fetch(`${api.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'error', error: { process: { status: 'down', message: 'stopping' } } });
    // Still serving while it drains.
    expect((await api.graphql('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
    await stopping;
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
  });

  it('stays ready when Redis is down (the form works on, counting in memory), and the metrics say Redis is down', async () => {
    const port = await closedPort();
    const api = await startTestApi({ REDIS_URL: `redis://127.0.0.1:${port}`, TRUST_PROXY_HOPS: '1', CONTACT_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const ready = await fetch(`${api.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ok',
        info: { process: { status: 'up' }, database: { status: 'up' } },
        error: {},
        details: { process: { status: 'up' }, database: { status: 'up' } },
      });
      const metrics = await api.app.get(Metrics).registry.metrics();
      expect(metrics).toMatch(/^segmentia_dependency_up\{dependency="postgres"\} 1$/m);
      expect(metrics).toMatch(/^segmentia_dependency_up\{dependency="redis"\} 0$/m);
      const send = () =>
        api.graphql(
          'mutation S($input: ContactRequestInput!) { submitContactRequest(input: $input) { id } }',
          { input: contactInput() },
          { 'x-forwarded-for': '10.9.8.7' },
        );
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await send()).body.errors?.[0]?.extensions?.code ?? 'OK');
      expect(codes).toEqual(['OK', 'OK', 'TOO_MANY_REQUESTS']);
    } finally {
      await api.close();
    }
  });
});

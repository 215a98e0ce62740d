/**
 * `npm run prod`'s PostgreSQL exporter, on an embedded PostgreSQL as that command starts it, logs in as the monitor
 * role (security review 2, L23): its session's user is no superuser and holds pg_monitor only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { until } from '@segmentia/testing';
import { freePort } from '../../common/ports';
import { type Database, startEmbeddedPostgres } from '../../dev/database/embedded-postgres';
import { MONITOR_ROLE, renewMonitorRole } from './monitor-role';

// A parent every user may enter: as root, PostgreSQL runs as the user postgres.
const parent = mkdtempSync(path.join(os.tmpdir(), 'segmentia-monitor-role-spec-'));
chmodSync(parent, 0o755);
let database: Database;
let exporter: ChildProcess | undefined;

async function query<Row>(url: string, sql: string): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Row[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dataDir: path.join(parent, 'postgres'), port: await freePort(), persistent: false });
});
afterAll(async () => {
  exporter?.kill();
  await database?.stop();
  rmSync(parent, { recursive: true, force: true });
});

it("runs the exporter's session as a role that is no superuser and holds pg_monitor only", async () => {
  const monitorUrl = new URL(await renewMonitorRole(database.url));
  monitorUrl.searchParams.set('sslmode', 'disable');
  const port = await freePort();
  // As monitoring.ts runs it: the URL in the environment.
  exporter = spawn('prometheus-postgres-exporter', [`--web.listen-address=127.0.0.1:${port}`], {
    env: { PATH: process.env.PATH, DATA_SOURCE_NAME: monitorUrl.toString() },
    stdio: 'ignore',
  });
  await until('the exporter reads PostgreSQL', async () =>
    /^pg_up 1$/m.test((await (await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => undefined))?.text()) ?? ''),
  );
  const sessions = await query<{ usename: string; rolsuper: boolean; memberOf: string[] }>(
    database.url,
    `SELECT DISTINCT a.usename, r.rolsuper,
       ARRAY(SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid)::text[] AS "memberOf"
     FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
     WHERE a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
  );
  expect(sessions).toEqual([{ usename: MONITOR_ROLE, rolsuper: false, memberOf: ['pg_monitor'] }]);
  // It reads statistics, never the data.
  await query(database.url, 'CREATE TABLE contact_request_probe (email text)');
  await expect(query(monitorUrl.toString(), 'SELECT * FROM contact_request_probe')).rejects.toThrow(/permission denied/);
});

it('gets a new password at each start, which ends the old one', async () => {
  const first = await renewMonitorRole(database.url);
  const second = await renewMonitorRole(database.url);
  await expect(query(first, 'SELECT 1')).rejects.toThrow(/password authentication failed/);
  expect(await query(second, 'SELECT current_user AS user')).toEqual([{ user: MONITOR_ROLE }]);
});

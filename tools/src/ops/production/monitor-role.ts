import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * The PostgreSQL role `npm run prod`'s PostgreSQL exporter logs in as: a member of pg_monitor and nothing else (it reads
 * the statistics views and settings, never a table of leads), so the third-party daemon and its listening port hold
 * no superuser rights on the database.
 */
export const MONITOR_ROLE = 'segmentia_monitor';

/**
 * Makes the monitor role when missing, gives it a new random password (hex: no escaping in SQL or URLs), and returns
 * `ownerUrl` with that role as its user. Connected as `ownerUrl`, a user that may create roles and grant pg_monitor
 * (the embedded PostgreSQL's superuser). Renewed at each start, as the API's role is: a password lives as long as
 * the processes that were given it.
 */
export async function renewMonitorRole(ownerUrl: string): Promise<string> {
  const password = randomBytes(24).toString('hex');
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [MONITOR_ROLE]);
    if (!rowCount) await client.query(`CREATE ROLE ${MONITOR_ROLE}`);
    // Its attributes set again each time: a role someone widened by hand is narrowed back.
    await client.query(
      `ALTER ROLE ${MONITOR_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE INHERIT NOREPLICATION NOBYPASSRLS PASSWORD '${password}'`,
    );
    await client.query(`GRANT pg_monitor TO ${MONITOR_ROLE}`);
  } finally {
    await client.end();
  }
  const url = new URL(ownerUrl);
  url.username = MONITOR_ROLE;
  url.password = password;
  return url.toString();
}

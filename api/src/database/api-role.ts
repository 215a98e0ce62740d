import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * The PostgreSQL role the API connects as (a migration grants it the rows of its tables: docs/operations.md,
 * "Database roles"); migrations and the tools connect as the database's owner.
 */
export const API_ROLE = 'segmentia_api';

/** `databaseUrl` with the API's role and `password` as its user: host, port, database and parameters stay. */
export function apiRoleUrl(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = API_ROLE;
  url.password = password;
  return url.toString();
}

/**
 * Gives the API's role a new random password, connected as `ownerUrl` (a user that may alter roles: the embedded
 * PostgreSQL's superuser, a test server's), and returns the API's URL. Hex, so it needs no escaping in SQL or URLs.
 */
export async function renewApiRolePassword(ownerUrl: string): Promise<string> {
  const password = randomBytes(24).toString('hex');
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(`ALTER ROLE ${API_ROLE} LOGIN PASSWORD '${password}'`);
  } finally {
    await client.end();
  }
  return apiRoleUrl(ownerUrl, password);
}

/**
 * The figures SegmentiaWalArchiveStale reads, from the API as its least-privileged role, on a PostgreSQL that archives
 * as `npm run prod`'s does: just after an archive, an idle database has next to nothing past the last archived
 * segment (under the alert's 1 KiB); a lead written has more, until the next archive.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '@segmentia/api/app';
import { loadConfig } from '@segmentia/api/config';
import { renewApiRolePassword } from '@segmentia/api/database';
import type { Database } from '../../dev/database/embedded-postgres';
import { freePort } from '../../common/ports';
import { ARCHIVE_TIMEOUT_SECONDS, archiveNow } from '../backup/archive';
import { startArchivingPostgres } from '../backup/archiving-postgres';

/** The stale alert's threshold (deploy/monitoring/rules/alerts.rules.yaml). */
const STALE_BYTES = 1024;

const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-wal-metrics-spec-'));
// As root, PostgreSQL runs as the user postgres, which must be able to enter.
chmodSync(folder, 0o755);
let database: Database;
let owner: Client;
let api: INestApplication;
let metricsUrl: string;

/** The API's figure of that name, or undefined when it exports none. */
async function figure(name: string): Promise<number | undefined> {
  const text = await (await fetch(metricsUrl)).text();
  const value = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

beforeAll(async () => {
  database = await startArchivingPostgres(path.join(folder, 'data'), path.join(folder, 'backups'), randomBytes(32));
  owner = new Client({ connectionString: database.url });
  await owner.connect();
  const port = await freePort();
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: await renewApiRolePassword(database.url), METRICS_PORT: String(port) });
  api = await createApp(config, { logs: false });
  await api.init();
}, 120_000);

afterAll(async () => {
  await api?.close();
  await owner?.end();
  await database?.stop();
  rmSync(folder, { recursive: true, force: true });
});

it('an idle database just archived shows under 1 KiB unarchived; a lead written, more, until archive_timeout archives it', async () => {
  await archiveNow(owner);
  expect(await figure('segmentia_wal_archive_timeout_seconds')).toBe(ARCHIVE_TIMEOUT_SECONDS);
  expect(await figure('segmentia_wal_archive_age_seconds')).toBeLessThan(ARCHIVE_TIMEOUT_SECONDS);
  expect(await figure('segmentia_wal_archive_failures')).toBe(0);
  const idle = await figure('segmentia_wal_unarchived_bytes');
  expect(idle).toBeGreaterThanOrEqual(0);
  expect(idle).toBeLessThan(STALE_BYTES);

  await owner.query(
    `INSERT INTO contact_request (id, request_id, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name, email,
       position, decision_role, interest, terms_version, terms_accepted_at)
     VALUES (gen_random_uuid(), gen_random_uuid(), 'ES', 'Agencia Norte', 'MEDIA', 'FROM_5M_TO_10M', 'FROM_10_TO_25', 'Prueba',
       'prueba@agencianorte.es', 'DIRECTOR', 'DECIDE', 'SOLUTIONS', '2026-11-01', now())`,
  );
  expect(await figure('segmentia_wal_unarchived_bytes')).toBeGreaterThan(STALE_BYTES);

  await archiveNow(owner);
  expect(await figure('segmentia_wal_unarchived_bytes')).toBeLessThan(STALE_BYTES);
}, 60_000);

/**
 * The restore drill: leads arrive under load; a base backup; more leads; a
 * moment T; more leads; staff erase some; the data folder is destroyed without
 * warning, while leads still arrive. Restored to `latest` and served again:
 * every lead whose receipt a client got is a row, but those of the last WAL
 * not yet archived (the RPO), and no erased lead is back. The operator starts
 * the restore when the database-down alert fires; the time from the loss to a
 * lead accepted again, that wait included, is the RTO. Restored to T: exactly
 * the leads received until T, and none erased after T.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { until } from '@segmentia/testing';
import { ARCHIVE_TIMEOUT_SECONDS, archiveNow } from '../backup/archive';
import { takeBaseBackup } from '../backup/base-backup';
import { eraseLead, readLedger } from '../backup/ledger';
import { restore } from '../backup/restore';
import { startEmbeddedPostgres } from '../../dev/database/embedded-postgres';
import { freePort } from '../../common/ports';
import type { Topology } from '../production/topology';
import { type Client, load, submit } from './client';
import { report, sleep } from './setup';
import { alertVerdict, awaitFiring, awaitResolved } from './alerts';
import { DATABASE_DOWN } from './faults';

/** Contact requests only, with retries (as the form retries); the receipts' request ids and times. */
async function leads(client: Client, count: number, stopWhen?: () => boolean): Promise<Map<string, number>> {
  const startedAt = Date.now();
  const result = await load(client, { count, concurrency: 10, maxSeconds: 60, submitShare: 1, retries: 3, until: stopWhen });
  return new Map(result.answers.filter((answer) => answer.code === 'OK').map((answer) => [answer.requestId!, startedAt + answer.at]));
}

async function switchWal(databaseUrl: string): Promise<void> {
  const database = new PgClient({ connectionString: databaseUrl });
  await database.connect();
  try {
    await archiveNow(database);
  } finally {
    await database.end();
  }
}

/** Staff erase these leads (by the clients' request ids). */
async function erase(databaseUrl: string, requestIds: string[]): Promise<void> {
  const database = new PgClient({ connectionString: databaseUrl });
  await database.connect();
  try {
    for (const requestId of requestIds) await eraseLead(database, { requestId });
  } finally {
    await database.end();
  }
}

/** The request ids and receipt times of the leads a database holds. */
async function requestIds(databaseUrl: string): Promise<Map<string, Date>> {
  const database = new PgClient({ connectionString: databaseUrl });
  await database.connect();
  try {
    const { rows } = await database.query<{ request_id: string; received_at: Date }>('SELECT request_id, received_at FROM contact_request');
    return new Map(rows.map((row) => [row.request_id, row.received_at]));
  } finally {
    await database.end();
  }
}

/** The same, of a restored folder: a PostgreSQL started on it for the look. */
async function requestIdsIn(dataDir: string): Promise<Map<string, Date>> {
  const restored = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: true, portVariable: 'a free port' });
  try {
    return await requestIds(restored.url);
  } finally {
    await restored.stop();
  }
}

export async function restoreDrill(topology: Topology, client: Client): Promise<void> {
  const backupDir = topology.backupDir!;
  const receipts = new Map<string, number>();
  const keep = (batch: Map<string, number>) => batch.forEach((at, id) => receipts.set(id, at));

  keep(await leads(client, 300));
  await takeBaseBackup(topology.databaseUrl, topology.databaseDataDir!, backupDir);
  const beforeT = await leads(client, 300);
  keep(beforeT);
  await sleep(50);
  const moment = new Date();
  await sleep(50);
  // A few leads after T (recovery stops at the first commit after it), then what archive_timeout does within a
  // minute, at once: the segment that holds them archived, so that T can be restored.
  keep(await leads(client, 20));
  await switchWal(topology.databaseUrl);
  keep(await leads(client, 300));
  // Staff erase three leads received before T (so after T), and the ledger beside the backups takes them.
  const erased = [...beforeT.keys()].slice(0, 3);
  await erase(topology.databaseUrl, erased);
  await until('the erasure ledger holds the erasures', () => readLedger(backupDir).flatMap((entry) => entry.leads).length >= 3, {
    timeoutMs: 10_000,
    intervalMs: 200,
  });

  // Leads keep arriving; a few seconds in, the disk is lost.
  let lostAt = 0;
  const arriving = leads(client, 5000, () => lostAt > 0 && Date.now() > lostAt + 1000);
  await sleep(3000);
  lostAt = Date.now();
  await topology.destroyDatabase();
  keep(await arriving);
  const pendingAt = await awaitFiring(topology.monitoring, ...DATABASE_DOWN, lostAt);

  const latest = await restore(backupDir, 'latest', path.join(path.dirname(backupDir), 'restored', 'latest'), await freePort());
  await topology.startDatabase(latest.dataDir);
  // Serving again: a contact request accepted through nginx.
  await until('a contact request is accepted again', async () => (await submit(client, randomUUID())).code === 'OK', {
    timeoutMs: 120_000,
    intervalMs: 100,
  });
  const rtoSeconds = (Date.now() - lostAt) / 1000;
  const told = alertVerdict(topology.monitoring, ...DATABASE_DOWN, {
    faultAt: lostAt,
    pendingAt,
    clearedAt: Date.now(),
    resolvedAt: await awaitResolved(topology.monitoring, ...DATABASE_DOWN),
  });

  const afterLatest = await requestIds(topology.databaseUrl);
  const erasedBack = erased.filter((id) => afterLatest.has(id));
  const lost = [...receipts].filter(([id]) => !afterLatest.has(id) && !erased.includes(id));
  const rpoSeconds = lost.length ? (lostAt - Math.min(...lost.map(([, at]) => at))) / 1000 : 0;

  const atMoment = await restore(backupDir, moment, path.join(path.dirname(backupDir), 'restored', 'moment'), await freePort());
  const restoredAtMoment = await requestIdsIn(atMoment.dataDir);
  const expected = [...afterLatest].filter(([, receivedAt]) => receivedAt <= moment).map(([id]) => id);
  const missing = expected.filter((id) => !restoredAtMoment.has(id));
  const extra = [...restoredAtMoment.keys()].filter((id) => !expected.includes(id));
  report(
    'disaster and restore',
    told.ok &&
      erasedBack.length === 0 &&
      rpoSeconds <= ARCHIVE_TIMEOUT_SECONDS + 5 &&
      missing.length === 0 &&
      extra.length === 0 &&
      erased.every((id) => !restoredAtMoment.has(id)),
    `${receipts.size} leads received, data folder destroyed under load; ${told.figures}; restored to latest and serving ` +
      `${rtoSeconds.toFixed(1)} s after the loss (RTO; the restore itself ${latest.seconds.toFixed(1)} s); ` +
      `lost ${lost.length} lead(s) of the last ${rpoSeconds.toFixed(1)} s ` +
      `(RPO, the WAL not yet archived; at most ${ARCHIVE_TIMEOUT_SECONDS} s); erased and back: ${erasedBack.length} of ${erased.length}; ` +
      `restored to T: ${restoredAtMoment.size} leads, ${missing.length} missing, ${extra.length} extra, ` +
      `${erased.filter((id) => restoredAtMoment.has(id)).length} erased after T back`,
  );
}

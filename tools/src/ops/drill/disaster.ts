/**
 * The disaster drill, on the stack's own backups (pgBackRest, and the backup store's synchronous WAL receiver).
 * First the backup store away (its receiver paused): a lead is answered SERVICE_UNAVAILABLE, never acknowledged, and
 * sent again once the store is back it is stored once. Then leads arrive under load, staff erase one and the erasure
 * ledger is copied beside the backups; the database's container and data volume are destroyed without warning while
 * leads still arrive. The operator restores (`npm run restore`'s sequence) once the database-down alert fires; the
 * time from the loss to a lead accepted again, that wait included, is the RTO. RPO: every lead whose answer was OK is
 * in the restored database, none twice, and the erased one is not back. Last, restored to a moment before the erasure:
 * exactly the leads received until then, and the erased one not back (the ledger).
 */
import { randomUUID } from 'node:crypto';
import { until } from '@segmentia/testing';
import type { CheckStack } from '../stack/check-stack';
import { type Answer, type Client, load, submit } from './client';
import { alertVerdict, awaitFiring, awaitResolved } from './alerts';
import { DATABASE_DOWN } from './faults';
import { query, sleep, storedLeads, type Verdict } from './setup';

/** Contact requests only, with retries (as the form retries); the acknowledged ones' request ids and when their answer came. */
async function leads(client: Client, count: number, stopWhen?: () => boolean): Promise<Map<string, number>> {
  const startedAt = Date.now();
  const result = await load(client, { count, concurrency: 10, maxSeconds: 60, submitShare: 1, retries: 3, until: stopWhen });
  return new Map(result.answers.filter((answer) => answer.code === 'OK').map((answer) => [answer.requestId!, startedAt + answer.at]));
}

/**
 * What LeadsService.erase writes when staff erase a lead (the drill has no staff session): the lead deleted and its
 * erasure recorded with the lead's id, in one statement (one transaction).
 */
const eraseLead = (check: CheckStack, requestId: string) =>
  query(
    check,
    `WITH erased AS (DELETE FROM contact_request WHERE request_id = $1 RETURNING id)
     INSERT INTO lead_erasure (id, reason, count, erased_by, lead_ids)
     SELECT gen_random_uuid(), 'REQUEST'::"ErasureReason", count(*), 'drill-staff', coalesce(array_agg(id), '{}') FROM erased`,
    [requestId],
  );

/** The backup store's receiver paused while a lead is sent: refused, not lost; sent again once it is back, stored once. */
async function backupStoreAway(check: CheckStack, client: Client): Promise<Verdict> {
  const requestId = randomUUID();
  await check.stack.pause('walstore');
  let away: Answer;
  try {
    away = await submit(client, requestId);
  } finally {
    await check.stack.unpause('walstore');
  }
  let again: Answer | undefined;
  const took = await until('the lead is acknowledged', async () => (again = await submit(client, requestId)).code === 'OK', {
    timeoutMs: 30_000,
    intervalMs: 500,
  }).then(
    () => true,
    () => false,
  );
  const stored = (await storedLeads(check, [requestId])).rows;
  return {
    ok: away.code === 'SERVICE_UNAVAILABLE' && took && stored === 1,
    figures:
      `backup store away (walstore paused): a lead answered ${away.code} in ${Math.round(away.ms)} ms; ` +
      `sent again once back: ${again?.code}, stored ${stored}`,
  };
}

/** The restore's steps, indented under the drill's lines. */
const log = (lines: string) => console.log(lines.replace(/^/gm, '  '));

export async function disasterDrill(check: CheckStack, client: Client): Promise<Verdict> {
  const { stack, prometheus } = check;
  const storeAway = await backupStoreAway(check, client);

  const receipts = await leads(client, 300);
  // A moment between two batches of leads, to restore to at the end; staff erase a lead received before it.
  await sleep(50);
  const moment = new Date();
  await sleep(50);
  (await leads(client, 20)).forEach((at, id) => receipts.set(id, at));
  const erased = [...receipts.keys()][0]!;
  await eraseLead(check, erased);
  // The backups' own command: the erasure ledger copied beside the backups, then a full backup.
  await stack.backup();

  // Leads keep arriving; a few seconds in, the database's disk is lost.
  let lostAt = 0;
  const arriving = leads(client, 5000, () => lostAt > 0 && Date.now() > lostAt + 1000);
  await sleep(3000);
  lostAt = Date.now();
  await stack.kill('postgres');
  await stack.destroyDatabase();
  (await arriving).forEach((at, id) => receipts.set(id, at));
  const pendingAt = await awaitFiring(prometheus, ...DATABASE_DOWN, lostAt);

  const restoreStarted = Date.now();
  await stack.restore(undefined, log);
  const restoreSeconds = (Date.now() - restoreStarted) / 1000;
  // Serving again: a contact request accepted through nginx.
  await until('a contact request is accepted again', async () => (await submit(client, randomUUID())).code === 'OK', {
    timeoutMs: 120_000,
    intervalMs: 200,
  });
  const rtoSeconds = (Date.now() - lostAt) / 1000;
  const told = alertVerdict(prometheus, ...DATABASE_DOWN, {
    faultAt: lostAt,
    pendingAt,
    clearedAt: Date.now(),
    resolvedAt: await awaitResolved(prometheus, ...DATABASE_DOWN),
  });

  const acknowledged = [...receipts.keys()].filter((id) => id !== erased);
  const restored = new Map(
    (
      await query<{ request_id: string; rows: number }>(
        check,
        'SELECT request_id, count(*)::int AS rows FROM contact_request WHERE request_id = ANY($1) GROUP BY request_id',
        [[...receipts.keys()]],
      )
    ).map((row) => [row.request_id, row.rows]),
  );
  const twice = [...restored.values()].filter((rows) => rows > 1).length;
  const lost = acknowledged.filter((id) => !restored.has(id));
  const rpoSeconds = lost.length ? (lostAt - Math.min(...lost.map((id) => receipts.get(id)!))) / 1000 : 0;
  const erasedBack = restored.has(erased);

  // Restored to the moment (pgBackRest's point in time, from the backup before it): the leads received until then,
  // but the one erased after it, which the ledger erases again.
  const requestIds = async (where: string, values: unknown[] = []) =>
    (await query<{ request_id: string }>(check, `SELECT request_id FROM contact_request ${where}`, values)).map((row) => row.request_id);
  const expected = new Set(await requestIds('WHERE received_at <= $1', [moment]));
  await stack.restore(moment.toISOString().replace('T', ' ').replace('Z', '+00'), log);
  const atMoment = await requestIds('');
  const missing = [...expected].filter((id) => !atMoment.includes(id)).length;
  const extra = atMoment.filter((id) => !expected.has(id)).length;
  return {
    ok: storeAway.ok && told.ok && lost.length === 0 && twice === 0 && !erasedBack && missing === 0 && extra === 0 && expected.size > 0,
    figures:
      `${storeAway.figures}; ${receipts.size} leads acknowledged, the database's container and data volume destroyed ` +
      `under load; ${told.figures}; restored (pgBackRest, the stream, the erasure ledger) in ${restoreSeconds.toFixed(1)} s, ` +
      `serving ${rtoSeconds.toFixed(1)} s after the loss (RTO); RPO: ${lost.length} acknowledged lead(s) lost, ` +
      `${rpoSeconds.toFixed(1)} s of acknowledged writes; stored twice ${twice}; the erased lead back: ${erasedBack ? 'yes' : 'no'}; ` +
      `restored to a moment before the erasure: ${atMoment.length} leads, ${missing} missing, ${extra} extra (the erased one if back)`,
  };
}

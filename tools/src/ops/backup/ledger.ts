/**
 * The erasure ledger: the ids of the leads staff erased (GDPR requests) and of the spam retention erased, kept
 * beside the backups, outside the database. A restore brings back the database
 * as it was, erased leads included; the ledger is applied after every restore,
 * before the API serves, so an erased lead never comes back. One JSON line per
 * erasure: its id, its reason, when, by whom (a Firebase uid), which leads, and which written objections (a person's own
 * erasure at the privacy centre erases their objections too). Ids only. Erasures at the end of the
 * retention period need no ledger: the retention job erases those leads again after a restore.
 */
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Client, Pool } from 'pg';
import { backupLayout } from './archive';

/** The erasures a restore must repeat: the others are retention's own, which it repeats by itself. */
const LEDGER_REASONS = ['REQUEST', 'SPAM'] as const;

export interface LedgerEntry {
  erasure: string;
  /** Absent in lines written before spam erasures were kept: those were all requests. */
  reason?: (typeof LEDGER_REASONS)[number];
  erasedAt: string;
  erasedBy: string | null;
  leads: string[];
  /** The written objections the same erasure removed; absent in lines written before objections were erased with leads. */
  objections?: string[];
}

export function readLedger(backupDir: string): LedgerEntry[] {
  try {
    return readFileSync(backupLayout(backupDir).ledger, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LedgerEntry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Appends the erasures the ledger does not hold yet (written to disk before it returns); returns how many. */
export async function copyErasures(database: Pick<Pool, 'query'>, backupDir: string): Promise<number> {
  const known = new Set(readLedger(backupDir).map((entry) => entry.erasure));
  const { rows } = await database.query<{
    id: string;
    reason: LedgerEntry['reason'];
    erased_at: Date;
    erased_by: string | null;
    lead_ids: string[];
    objection_ids: string[] | null;
  }>(
    `SELECT id, reason, erased_at, erased_by, lead_ids, objection_ids FROM lead_erasure
     WHERE reason = ANY($1::"ErasureReason"[]) ORDER BY erased_at`,
    [LEDGER_REASONS],
  );
  const fresh = rows.filter((row) => !known.has(row.id));
  if (!fresh.length) return 0;
  const lines = fresh.map((row) =>
    JSON.stringify({
      erasure: row.id,
      reason: row.reason,
      erasedAt: row.erased_at.toISOString(),
      erasedBy: row.erased_by,
      leads: row.lead_ids,
      ...(row.objection_ids?.length ? { objections: row.objection_ids } : {}),
    }),
  );
  const file = openSync(backupLayout(backupDir).ledger, 'a', 0o600);
  try {
    writeSync(file, `${lines.join('\n')}\n`);
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  return fresh.length;
}

/**
 * After a restore: every lead and written objection of the ledger erased again, and each erasure's record written again
 * where the restore lost it. Returns how many rows it erased (those the restored database still held).
 */
export async function applyLedger(database: Client, backupDir: string): Promise<number> {
  let erased = 0;
  await database.query('BEGIN');
  try {
    for (const entry of readLedger(backupDir)) {
      const { rowCount } = await database.query('DELETE FROM contact_request WHERE id = ANY($1::uuid[])', [entry.leads]);
      erased += rowCount ?? 0;
      const objections = entry.objections ?? [];
      const { rowCount: objectionsErased } = await database.query('DELETE FROM audience_objection WHERE id = ANY($1::uuid[])', [
        objections,
      ]);
      erased += objectionsErased ?? 0;
      await database.query(
        `INSERT INTO lead_erasure (id, erased_at, reason, count, erased_by, lead_ids, objection_count, objection_ids)
         VALUES ($1, $2, $3::"ErasureReason", $4, $5, $6::uuid[], $7, $8::uuid[])
         ON CONFLICT (id) DO NOTHING`,
        [
          entry.erasure,
          entry.erasedAt,
          entry.reason ?? 'REQUEST',
          entry.leads.length,
          entry.erasedBy,
          entry.leads,
          objections.length,
          objections,
        ],
      );
    }
    await database.query('COMMIT');
  } catch (error) {
    await database.query('ROLLBACK');
    throw error;
  }
  return erased;
}

/**
 * What LeadsService.erase writes when staff erase a lead, for the drill and the tests (which have no staff session):
 * the lead deleted and its erasure recorded with the lead's id, in one transaction. `where` picks the lead by id or by
 * the client's request id.
 */
export async function eraseLead(database: Client, where: { id: string } | { requestId: string }): Promise<void> {
  await database.query('BEGIN');
  try {
    const [column, value] = 'id' in where ? ['id', where.id] : ['request_id', where.requestId];
    const { rows } = await database.query<{ id: string }>(`DELETE FROM contact_request WHERE ${column} = $1 RETURNING id`, [value]);
    await database.query(
      `INSERT INTO lead_erasure (id, reason, count, erased_by, lead_ids)
       VALUES (gen_random_uuid(), 'REQUEST', $1, 'drill-staff', $2::uuid[])`,
      [rows.length, rows.map((row) => row.id)],
    );
    await database.query('COMMIT');
  } catch (error) {
    await database.query('ROLLBACK');
    throw error;
  }
}

/**
 * Backups of the embedded PostgreSQL, for real: WAL archived continuously, a
 * base backup, then restores to the end of the archive and to a moment before
 * it, each into a new folder, with the erasure ledger applied after each.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { type Database, startEmbeddedPostgres } from '../../dev/database/embedded-postgres';
import { freePort } from '../../common/ports';
import { archiveNow } from './archive';
import { startArchivingPostgres } from './archiving-postgres';
import { BackupKeyError } from './encryption';
import { listBaseBackups, takeBaseBackup } from './base-backup';
import { pruneBackups } from './prune';
import { copyErasures, eraseLead, readLedger } from './ledger';
import { restore } from './restore';
import { putBackSuppressionKey } from './suppression-key';

const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-backup-spec-'));
// As root, PostgreSQL runs as the user postgres, which must be able to enter.
chmodSync(folder, 0o755);
const backupDir = path.join(folder, 'backups');
// The backups' key (BACKUP_ENCRYPTION_KEY): every stored file is encrypted with it.
const key = randomBytes(32);
// The suppression list's key (npm run prod's .data/prod/suppression-hash.key): each base backup carries it.
const suppressionKey = randomBytes(32).toString('hex');
let database: Database;
let client: Client;
const leads: Record<string, string> = {};
let beforeLast: Date;
let objectionId: string;

const storeLead = async (name: string) => {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO contact_request (id, request_id, locale, agency_name, agency_type, agency_size, advertiser_count, contact_name, email,
       position, decision_role, interest, terms_version, terms_accepted_at)
     VALUES (gen_random_uuid(), gen_random_uuid(), 'ES', $1, 'MEDIA', 'FROM_5M_TO_10M', 'FROM_10_TO_25', 'Prueba', $2,
       'DIRECTOR', 'DECIDE', 'SOLUTIONS', '2026-11-01', now()) RETURNING id`,
    [name, `${name.toLowerCase()}@agencia.es`],
  );
  leads[name] = rows[0]!.id;
};
const eraseAndCopy = async (name: string) => {
  await eraseLead(client, { id: leads[name]! });
  await copyErasures(client, backupDir);
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(async () => {
  const dataDir = path.join(folder, 'live');
  database = await startArchivingPostgres(dataDir, backupDir, key);
  client = new Client({ connectionString: database.url });
  await client.connect();

  await storeLead('Alfa');
  await storeLead('Bravo');
  await storeLead('Echo');
  const { rows: objection } = await client.query<{ id: string }>(
    `INSERT INTO audience_objection (id, request_id, locale, email, message)
     VALUES (gen_random_uuid(), gen_random_uuid(), 'ES', 'delta@agencia.es', 'Me opongo a estar en sus audiencias.') RETURNING id`,
  );
  objectionId = objection[0]!.id;
  await eraseAndCopy('Alfa');
  await takeBaseBackup(database.url, database.dataDir!, backupDir, key, suppressionKey);
  await storeLead('Charlie');
  await pause();
  beforeLast = new Date();
  await pause();
  await storeLead('Delta');
  await eraseAndCopy('Charlie');
  // The person erased their objection at the privacy centre (MyDataService.erase's record): a restore erases it again.
  await client.query('DELETE FROM audience_objection WHERE id = $1', [objectionId]);
  await client.query(
    `INSERT INTO lead_erasure (id, reason, count, erased_by, lead_ids, objection_count, objection_ids)
     VALUES (gen_random_uuid(), 'REQUEST', 0, 'data-subject', '{}', 1, $1::uuid[])`,
    [[objectionId]],
  );
  // Spam erased by retention (RetentionService's record of it): a restore to before it must erase it again too.
  await client.query('DELETE FROM contact_request WHERE id = $1', [leads.Echo]);
  await client.query(
    `INSERT INTO lead_erasure (id, reason, count, erased_by, lead_ids) VALUES (gen_random_uuid(), 'SPAM', 1, 'staff-uid', $1::uuid[])`,
    [[leads.Echo]],
  );
  await copyErasures(client, backupDir);
  // The last segment archived now, rather than after archive_timeout.
  await archiveNow(client);
  await client.end();
  // The disk is lost.
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('backups of the embedded PostgreSQL', () => {
  it('keep every requested and spam erasure in the ledger beside the backups, ids only', () => {
    expect(readLedger(backupDir).map(({ reason, leads }) => [reason, leads])).toEqual([
      ['REQUEST', [leads.Alfa]],
      ['REQUEST', [leads.Charlie]],
      ['REQUEST', []],
      ['SPAM', [leads.Echo]],
    ]);
    expect(readLedger(backupDir).map((entry) => entry.objections ?? [])).toEqual([[], [], [objectionId], []]);
  });

  it('restore to the end of the archive: every lead stored, none erased', async () => {
    // Into a folder whose parent is new too (as the drill restores): as root, the user postgres must reach it.
    const report = await restore(backupDir, 'latest', path.join(folder, 'restored', 'latest'), await freePort(), key);
    expect(report).toMatchObject({ target: 'latest', leads: 2, erasedAgain: 0 });
    expect(await leadNames(report.dataDir)).toEqual(['Bravo', 'Delta']);
    // The suppression list's key comes back with it, into a machine whose .data was lost, never over another key.
    expect(report.suppressionKey).toBe(suppressionKey);
    expect(existsSync(path.join(report.dataDir, 'suppression-hash.key'))).toBe(false);
    const prodDir = path.join(folder, 'prod');
    expect(putBackSuppressionKey(report.suppressionKey!, prodDir, undefined)).toMatch(/^suppression key: put back in /);
    expect(readFileSync(path.join(prodDir, 'suppression-hash.key'), 'utf8')).toBe(suppressionKey);
    expect(putBackSuppressionKey(report.suppressionKey!, prodDir, undefined)).toMatch(/is the backup's already$/);
    writeFileSync(path.join(prodDir, 'suppression-hash.key'), 'another key');
    expect(putBackSuppressionKey(report.suppressionKey!, prodDir, undefined)).toMatch(/is not the key the restored list was hashed with/);
    expect(readFileSync(path.join(prodDir, 'suppression-hash.key'), 'utf8')).toBe('another key');
    expect(readFileSync(path.join(prodDir, 'suppression-hash.key.restored'), 'utf8')).toBe(suppressionKey);
  }, 120_000);

  it('restore to a moment: the leads received until then, without those erased after it (on request, or as spam)', async () => {
    const report = await restore(backupDir, beforeLast, path.join(folder, 'moment'), await freePort(), key);
    // Charlie and Echo, and the objection erased with the person's own erasure.
    expect(report).toMatchObject({ leads: 1, erasedAgain: 3 });
    expect(await leadNames(report.dataDir)).toEqual(['Bravo']);
    expect(await objectionIds(report.dataDir)).toEqual([]);
  }, 120_000);

  it('record the WAL segment each base backup starts in, archived, so pruning keeps what a restore needs', async () => {
    const [base] = listBaseBackups(backupDir);
    expect(base!.startWal).toMatch(/^[0-9A-F]{24}$/);
    expect(existsSync(path.join(backupDir, 'wal', base!.startWal!))).toBe(true);
    // Within the retention nothing goes, and the restore above still finds its segments.
    expect(pruneBackups(backupDir, 30)).toEqual({ baseBackups: [], walFiles: expect.any(Number) });
    expect(existsSync(path.join(backupDir, 'wal', base!.startWal!))).toBe(true);
    const report = await restore(backupDir, 'latest', path.join(folder, 'after-prune'), await freePort(), key);
    expect(report).toMatchObject({ leads: 2 });
  }, 120_000);

  it('never restores over a folder that holds anything', async () => {
    const used = path.join(folder, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'PG_VERSION'), '17\n');
    await expect(restore(backupDir, 'latest', used, await freePort(), key)).rejects.toThrow(`${used} is not empty`);
  });

  it("store no lead's email nor the suppression key in clear: every file of the base backups and the archived WAL is encrypted", () => {
    const files = storedFiles(path.join(backupDir, 'base')).concat(storedFiles(path.join(backupDir, 'wal')));
    expect(files.filter((file) => file.endsWith('segmentia-backup.json')).length).toBeGreaterThan(0);
    expect(files.filter((file) => /\/wal\/[0-9A-F]{24}$/.test(file)).length).toBeGreaterThan(0);
    const clear = files.filter(
      (file) =>
        ['alfa', 'bravo', 'charlie', 'delta'].some((name) => readFileSync(file).includes(`${name}@agencia.es`)) ||
        readFileSync(file).includes(suppressionKey),
    );
    expect(clear).toEqual([]);
  });

  it('refuse to restore with another key, saying so, and write nothing', async () => {
    const into = path.join(folder, 'wrong-key');
    const attempt = restore(backupDir, 'latest', into, await freePort(), randomBytes(32));
    await expect(attempt).rejects.toThrow(BackupKeyError);
    await expect(attempt).rejects.toThrow(
      /was encrypted with another key: set BACKUP_ENCRYPTION_KEY .* to the key the backups were made with/,
    );
    expect(existsSync(into)).toBe(false);
  });
});

/** Every file under `folder`. */
function storedFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The agency names of the leads in a restored folder (started again for the look, then stopped). */
const leadNames = (dataDir: string) => restoredColumn(dataDir, 'SELECT agency_name AS value FROM contact_request ORDER BY agency_name');
const objectionIds = (dataDir: string) => restoredColumn(dataDir, 'SELECT id::text AS value FROM audience_objection ORDER BY id');

/** One column of a restored database, read on a PostgreSQL started on it for the read. */
async function restoredColumn(dataDir: string, sql: string): Promise<string[]> {
  const restored = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: true, portVariable: 'a free port' });
  const reader = new Client({ connectionString: restored.url });
  await reader.connect();
  try {
    return (await reader.query<{ value: string }>(sql)).rows.map((row) => row.value);
  } finally {
    await reader.end();
    await restored.stop();
  }
}

/**
 * The embedded PostgreSQL's archive_command and restore_command (archive.ts, restore.ts), which PostgreSQL runs:
 *   node wal-crypt.js archive <segment> <archived file>    encrypts a finished WAL segment; never overwrites one
 *   node wal-crypt.js restore <archived file> <segment>    decrypts it back; exits 1 when the archive has no such file
 * The key is BACKUP_ENCRYPTION_KEY of its environment (PostgreSQL's own, given by npm run prod), never an argument,
 * which every local user could read.
 */
import { existsSync, renameSync } from 'node:fs';
import { decryptFile, encryptFile, KEY_VARIABLE, parseKey } from './encryption';

async function main(): Promise<number> {
  const [command, from, to] = process.argv.slice(2);
  const hex = process.env[KEY_VARIABLE];
  if (!from || !to || !hex) {
    console.error(`Usage: ${KEY_VARIABLE}=<key> wal-crypt.js archive|restore <from> <to>`);
    return 2;
  }
  const key = parseKey(hex, KEY_VARIABLE);
  if (command === 'archive') {
    // As `test ! -f`: a segment archived once is never replaced.
    if (existsSync(to)) return 1;
    // Under a temporary name, then renamed: a half-written segment never looks whole.
    await encryptFile(from, `${to}.part`, key);
    renameSync(`${to}.part`, to);
    return 0;
  }
  if (command === 'restore') {
    // The end of the archive: PostgreSQL asks for the next segment until one is missing.
    if (!existsSync(from)) return 1;
    await decryptFile(from, to, key);
    return 0;
  }
  console.error(`Unknown command ${command}: archive or restore.`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

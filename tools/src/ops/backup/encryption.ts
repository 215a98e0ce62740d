/**
 * The embedded PostgreSQL's backups are encrypted at rest: every file of a base backup and every archived WAL
 * segment, with AES-256-GCM (Node's crypto, streamed: a file is never whole in memory), under one key from the
 * settings (BACKUP_ENCRYPTION_KEY), or, when it is unset, one made once and kept in .data/backup-encryption.key
 * (0600; keep a copy away from the backups: without it they cannot be restored).
 *
 * A file: "SEGBAK1\n", the key's id (8 bytes: which key, never the key), a random IV (12), the ciphertext, the
 * GCM tag (16). The id tells a wrong key from a damaged file before anything is written.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../common/paths';

const MAGIC = Buffer.from('SEGBAK1\n');
const ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + ID_BYTES + IV_BYTES;
/** The variable that holds the key (64 hex digits), in the settings and in the environment of PostgreSQL's archiver. */
export const KEY_VARIABLE = 'BACKUP_ENCRYPTION_KEY';
export const DEFAULT_KEY_FILE = path.join(REPO_ROOT, '.data', 'backup-encryption.key');

/** A backup that this key cannot open: another key, or a damaged file. Its message says which and what to do. */
export class BackupKeyError extends Error {}

const keyId = (key: Buffer) => createHmac('sha256', key).update('segmentia-backup-key-id').digest().subarray(0, ID_BYTES);

export function parseKey(hex: string, from: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hex.trim())) throw new BackupKeyError(`${from} is not 64 hexadecimal digits (openssl rand -hex 32).`);
  return Buffer.from(hex.trim(), 'hex');
}

/** The backups' key: BACKUP_ENCRYPTION_KEY when set, otherwise the key file (made now, once, when missing). */
export function backupKey(env: NodeJS.ProcessEnv = process.env, keyFile = DEFAULT_KEY_FILE): Buffer {
  const setting = env[KEY_VARIABLE];
  if (setting) return parseKey(setting, KEY_VARIABLE);
  if (!existsSync(keyFile)) {
    mkdirSync(path.dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    console.log(`Backups are encrypted with a new key in ${keyFile}: keep a copy away from the backups (or set ${KEY_VARIABLE}).`);
  }
  return parseKey(readFileSync(keyFile, 'utf8'), keyFile);
}

/** Encrypts `source` into `target` (mode 0600). */
export async function encryptFile(source: string, target: string, key: Buffer): Promise<void> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const out = createWriteStream(target, { mode: 0o600 });
  out.write(Buffer.concat([MAGIC, keyId(key), iv]));
  await pipeline(createReadStream(source), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), (error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Encrypts a small text (a backup_label) into `target`. */
export function encryptText(text: string, target: string, key: Buffer): void {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text), cipher.final()]);
  writeFileSync(target, Buffer.concat([MAGIC, keyId(key), iv, body, cipher.getAuthTag()]), { mode: 0o600 });
}

/** The header and tag of an encrypted file, checked against the key. */
function openEncrypted(source: string, key: Buffer): { iv: Buffer; tag: Buffer; size: number } {
  const fd = openSync(source, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, header, 0, HEADER_BYTES, 0);
    if (read < HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new BackupKeyError(`${source} is not an encrypted backup file (made before backups were encrypted, or damaged).`);
    }
    if (!header.subarray(MAGIC.length, MAGIC.length + ID_BYTES).equals(keyId(key))) {
      throw new BackupKeyError(
        `${source} was encrypted with another key: set ${KEY_VARIABLE} (or ${path.relative(REPO_ROOT, DEFAULT_KEY_FILE)}) ` +
          'to the key the backups were made with.',
      );
    }
    const { size } = fstatSync(fd);
    const tag = Buffer.alloc(TAG_BYTES);
    if (size < HEADER_BYTES + TAG_BYTES || readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES) < TAG_BYTES) {
      throw new BackupKeyError(`${source} is damaged: it ends before its authentication tag.`);
    }
    return { iv: header.subarray(MAGIC.length + ID_BYTES), tag, size };
  } finally {
    closeSync(fd);
  }
}

/** Decrypts `source` into `target`; a wrong key or a changed byte is a BackupKeyError, and `target` is then removed. */
export async function decryptFile(source: string, target: string, key: Buffer, mode = 0o600): Promise<void> {
  const { iv, tag, size } = openEncrypted(source, key);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  try {
    // An empty ciphertext: createReadStream refuses an end before its start.
    const body = size - TAG_BYTES > HEADER_BYTES ? createReadStream(source, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }) : [];
    await pipeline(body, decipher, createWriteStream(target, { mode }));
  } catch (error) {
    rmSync(target, { force: true });
    if (error instanceof BackupKeyError || (error as NodeJS.ErrnoException).code !== undefined) throw error;
    throw new BackupKeyError(`${source} is damaged: its content does not match its authentication tag.`);
  }
}

/** Decrypts a small text written by encryptText; a wrong key or a changed byte is a BackupKeyError. */
export function decryptText(source: string, key: Buffer): string {
  const { iv, tag, size } = openEncrypted(source, key);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(readFileSync(source).subarray(HEADER_BYTES, size - TAG_BYTES)), decipher.final()]).toString();
  } catch {
    throw new BackupKeyError(`${source} is damaged: its content does not match its authentication tag.`);
  }
}

/** Whether `source` opens with `key` (the header only): a restore checks this before it writes anything. */
export function assertOpensWith(source: string, key: Buffer): void {
  openEncrypted(source, key);
}

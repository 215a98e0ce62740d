import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupKey, BackupKeyError, decryptFile, encryptFile } from './encryption';

const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-encryption-spec-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = (name: string) => path.join(folder, name);

describe('backup encryption', () => {
  const key = randomBytes(32);
  // Larger than a stream's chunks, with a lead's address in it.
  const plain = Buffer.concat([randomBytes(200_000), Buffer.from('ana@agencia.es'), randomBytes(100_000)]);
  writeFileSync(file('plain'), plain);

  it('stores a file as ciphertext only (0600) and gives it back whole', async () => {
    await encryptFile(file('plain'), file('sealed'), key);
    expect(readFileSync(file('sealed')).includes('ana@agencia.es')).toBe(false);
    expect(statSync(file('sealed')).mode & 0o777).toBe(0o600);
    await decryptFile(file('sealed'), file('opened'), key);
    expect(readFileSync(file('opened')).equals(plain)).toBe(true);
  });

  it('tells a wrong key from a damaged file, and leaves no half-written copy', async () => {
    await encryptFile(file('plain'), file('sealed'), key);
    await expect(decryptFile(file('sealed'), file('wrong'), randomBytes(32))).rejects.toThrow(/was encrypted with another key/);
    const damaged = readFileSync(file('sealed'));
    damaged[100_000] = damaged[100_000]! ^ 1;
    writeFileSync(file('damaged'), damaged);
    const attempt = decryptFile(file('damaged'), file('from-damaged'), key);
    await expect(attempt).rejects.toThrow(BackupKeyError);
    await expect(attempt).rejects.toThrow(/is damaged: its content does not match its authentication tag/);
    expect(() => statSync(file('from-damaged'))).toThrow();
  });

  it('takes BACKUP_ENCRYPTION_KEY (64 hex digits), else a key file made once, 0600', () => {
    const hex = randomBytes(32).toString('hex');
    expect(backupKey({ BACKUP_ENCRYPTION_KEY: hex }).toString('hex')).toBe(hex);
    expect(() => backupKey({ BACKUP_ENCRYPTION_KEY: 'short' })).toThrow('BACKUP_ENCRYPTION_KEY is not 64 hexadecimal digits');
    const keyFile = file('backup.key');
    const made = backupKey({}, keyFile);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(backupKey({}, keyFile).equals(made)).toBe(true);
  });
});

/**
 * The access log of `npm run prod`'s nginx (visitors' addresses, truncated)
 * is kept LOG_RETENTION_DAYS days, as the privacy policy says: once a day the
 * log is renamed with the day (nginx is then told to reopen its file) and the
 * renamed logs older than that are deleted. Containers log to stdout: there
 * the platform's log store keeps them that long (docs/operations.md).
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Renames a non-empty `log` to `<name>-<time>.log` (then the writer must
 * reopen it: resolves true) and deletes the renamed logs last written more
 * than `keepDays` days before `now`.
 */
export function rotateLog(log: string, keepDays: number, now = new Date()): boolean {
  const { dir, name, ext } = path.parse(log);
  const rotated = existsSync(log) && statSync(log).size > 0;
  if (rotated) renameSync(log, path.join(dir, `${name}-${now.toISOString().replace(/[:.]/g, '-')}${ext}`));
  for (const file of readdirSync(dir)) {
    if (!file.startsWith(`${name}-`) || !file.endsWith(ext)) continue;
    const full = path.join(dir, file);
    if (now.getTime() - statSync(full).mtimeMs > keepDays * DAY_MS) rmSync(full, { force: true });
  }
  return rotated;
}

export const ROTATION_INTERVAL_MS = DAY_MS;

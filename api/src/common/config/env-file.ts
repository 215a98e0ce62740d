import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../database/paths';

/** Reads the repository's `.env` when there is one; variables already set win. */
export function loadEnvFile(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

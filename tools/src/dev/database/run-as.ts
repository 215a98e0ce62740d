/**
 * Who runs the embedded PostgreSQL: this process's user, or, as root (which
 * PostgreSQL refuses), the system user `postgres`, created when missing; and
 * the root-owned folder /var/lib/segmentia it may use.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** The system user PostgreSQL runs as when this process is root. */
export const SYSTEM_USER = 'postgres';
/** As root: the binaries' copy, and the default data folder when the repository is out of the system user's reach. */
export const SYSTEM_DIR = '/var/lib/segmentia';

export interface UserIds {
  uid: number;
  gid: number;
}

/** Undefined when this process is not root (PostgreSQL runs as this user); otherwise the system user `postgres`, created if missing. */
export function systemUser(): UserIds | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const existing = lookUpUser(SYSTEM_USER);
  if (existing) return existing;
  const created = createSystemUser(SYSTEM_USER);
  console.log(`Created the system user ${SYSTEM_USER}: PostgreSQL refuses to run as root, so the embedded one runs as ${SYSTEM_USER}.`);
  return created;
}

export function lookUpUser(name: string): UserIds | undefined {
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  const ids = { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  if (ids.uid === 0) {
    throw new Error(
      `The user ${name} is root (uid 0), and PostgreSQL refuses to run as root: ` +
        `give ${name} its own uid, or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }
  return ids;
}

/** A system user without login or home, with a group of its name (useradd, or busybox adduser). */
export function createSystemUser(name: string): UserIds {
  const groupExists = spawnSync('getent', ['group', name], { stdio: 'ignore' }).status === 0;
  const attempts: [string, string[]][] = [
    [
      'useradd',
      [
        '--system',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        ...(groupExists ? ['--gid', name] : ['--user-group']),
        name,
      ],
    ],
    ['adduser', ['-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', name]],
  ];
  const problems: string[] = [];
  for (const [command, args] of attempts) {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    const ids = lookUpUser(name);
    if (ids) return ids;
    problems.push(
      result.error ? `${command}: ${result.error.message}` : `${command}: ${(result.stderr || '').trim() || `exit code ${result.status}`}`,
    );
  }
  throw new Error(
    `PostgreSQL refuses to run as root and the user ${name} could not be created (${problems.join('; ')}): ` +
      `create it (useradd --system ${name}), run as another user, or set DATABASE_URL to a PostgreSQL of your own.`,
  );
}

/** Whether `user` may do `test <flag> file` (-x, -r, -w), checked as that user: every folder on the way counts. */
export function userCan(user: UserIds, flag: '-x' | '-r' | '-w', file: string): boolean {
  return spawnSync('test', [flag, file], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** A root-owned folder every user may enter (created with its parents as needed). */
export function makeSystemFolder(folder: string): void {
  const missing: string[] = [];
  for (let current = folder; !existsSync(current); current = path.dirname(current)) missing.unshift(current);
  for (const created of missing) {
    mkdirSync(created, { recursive: true });
    chmodSync(created, 0o755);
  }
}

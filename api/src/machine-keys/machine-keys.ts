import type { PrismaClient } from '../generated/prisma/client';
import { type MachineScope, machineKeyHash, newMachineKey } from './machine-key';

/** A key's name: what `list` shows and `revoke` takes, and the staff page shows beside a read. */
export const MACHINE_KEY_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

export interface ListedMachineKey {
  name: string;
  scopes: MachineScope[];
  createdAt: Date;
  revokedAt: Date | null;
  lastReadAt: Date | null;
}

/**
 * `npm run machine-key`'s three acts on the database, as its owner (the API's role may only read keys). A key is made
 * once under a name, shown once (only its hash is stored), and revoked for good: a name is never reused, so the record
 * of reads keeps naming the key that made them.
 */
export async function createMachineKey(prisma: PrismaClient, name: string, scopes: MachineScope[]): Promise<string> {
  if (!MACHINE_KEY_NAME.test(name)) {
    throw new Error(`"${name}" is not a key name: lowercase letters, digits, ".", "_" and "-", up to 63, e.g. audience-pipeline`);
  }
  if (!scopes.length) throw new Error('A machine key needs at least one scope');
  const key = newMachineKey();
  const { count } = await prisma.machineKey.createMany({
    data: { name, keyHash: machineKeyHash(key), scopes: [...new Set(scopes)] },
    skipDuplicates: true,
  });
  if (!count) throw new Error(`A machine key named ${name} exists already (revoked or not): choose another name`);
  return key;
}

export function listMachineKeys(prisma: PrismaClient): Promise<ListedMachineKey[]> {
  return prisma.machineKey
    .findMany({
      orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { name: 'asc' }],
      select: { name: true, scopes: true, createdAt: true, revokedAt: true, reads: { orderBy: { readAt: 'desc' }, take: 1 } },
    })
    .then((keys) => keys.map(({ reads, ...key }) => ({ ...key, lastReadAt: reads[0]?.readAt ?? null })));
}

/** Revokes the key of that name from now on; `false`: it was revoked already. */
export async function revokeMachineKey(prisma: PrismaClient, name: string): Promise<boolean> {
  const key = await prisma.machineKey.findUnique({ where: { name }, select: { revokedAt: true } });
  if (!key) throw new Error(`No machine key is named ${name} (npm run machine-key -- list)`);
  const { count } = await prisma.machineKey.updateMany({ where: { name, revokedAt: null }, data: { revokedAt: new Date() } });
  return count > 0;
}

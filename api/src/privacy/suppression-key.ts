import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../common/errors/database-errors';
import type { PrismaClient } from '../generated/prisma/client';

/**
 * The fingerprint of a suppression key: hex HMAC-SHA-256 of "suppression-key-id" under it. It names the key without
 * giving it away: the API compares it at each start, and the pipeline (`audienceSuppressions.keyFingerprint`) checks
 * its own key against it.
 */
export const suppressionKeyFingerprint = (key: string) => createHmac('sha256', key).update('suppression-key-id').digest('hex');

/**
 * Why the API must not start with this key: the suppression list's hashes were made with another one (people who
 * opted out would silently go back into the audiences). The first start records the key's fingerprint; replicas that
 * start together record it once.
 */
export async function suppressionKeyMismatch(prisma: PrismaClient, key: string): Promise<string | undefined> {
  const fingerprint = suppressionKeyFingerprint(key);
  const stored = await untilReachable(async () => {
    await prisma.suppressionKeyFingerprint.createMany({ data: { fingerprint }, skipDuplicates: true });
    return prisma.suppressionKeyFingerprint.findUniqueOrThrow({ where: { id: true } });
  });
  if (stored.fingerprint === fingerprint) return undefined;
  return (
    `SUPPRESSION_HASH_KEY is not the key this database's suppression list was hashed with (its fingerprint ` +
    `${stored.fingerprint.slice(0, 16)}…, recorded ${stored.recordedAt.toISOString()}; this key's ${fingerprint.slice(0, 16)}…): ` +
    'with it, the advertising IDs people opted out would no longer match and would go back into the audiences. Set ' +
    'SUPPRESSION_HASH_KEY to that key again (npm run prod keeps it in .data/production/stack.env: ' +
    'docs/operations.md, "The suppression list\'s key").'
  );
}

/** A replica started while PostgreSQL is away waits for it (as it would serve SERVICE_UNAVAILABLE meanwhile), said once. */
async function untilReachable<T>(task: () => Promise<T>): Promise<T> {
  for (let told = false; ; told = true) {
    try {
      return await task();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (!told) new Logger('Database').warn('Database unreachable: the suppression key is checked once it answers');
      await sleep(1000);
    }
  }
}

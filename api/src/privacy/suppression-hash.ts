import { createHmac } from 'node:crypto';

/**
 * What the suppression list keeps of an advertising ID: hex HMAC-SHA-256 of its lowercase text under
 * SUPPRESSION_HASH_KEY. Devices show the same ID in either case (IDFA upper, AAID lower), so it is lowercased first;
 * the audiences' pipeline hashes its own IDs the same way to leave them out.
 */
export function suppressionHash(key: string, advertisingId: string): string {
  return createHmac('sha256', key).update(advertisingId.trim().toLowerCase()).digest('hex');
}

import { createHash, randomBytes } from 'node:crypto';
import { MachineScope } from '../generated/prisma/enums';

export { MachineScope };

/** What a machine key starts with: tells it from a staff sign-in's token at a glance, in a log or a secret store. */
export const MACHINE_KEY_PREFIX = 'smk_';

/** A machine key of 256 random bits, as `npm run machine-key -- create` shows it once. */
export const newMachineKey = () => `${MACHINE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What is kept of a key and what a request's key is looked up by: hex SHA-256 (the key's 256 bits need no stretching). */
export const machineKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** A string shaped like a machine key: the prefix and 43 base64url characters. */
export const isMachineKey = (value: string) => /^smk_[\w-]{43}$/.test(value);

/** The scopes as the command names them (read-suppressions, send-withdrawals), and back. */
export const scopeName = (scope: MachineScope) => scope.toLowerCase().replaceAll('_', '-');
export const scopeOf = (name: string): MachineScope | undefined =>
  Object.values(MachineScope).find((scope) => scopeName(scope) === name.trim().toLowerCase());

/**
 * The machines' keys (the audiences' pipeline, data partners): makes one and shows it once (only its SHA-256 is kept),
 * lists them with their scopes and last read, or revokes one for good. Scopes: read-suppressions (the list, for the
 * pipeline) and send-withdrawals (withdrawn consents, for partners and the pipeline); both unless named.
 *   npm run machine-key -- create audience-pipeline
 *   npm run machine-key -- create partner-acme send-withdrawals
 *   npm run machine-key -- list
 *   npm run machine-key -- revoke partner-acme
 * On DATABASE_URL as its owner (the API's own role may only read keys), or the embedded PostgreSQL of npm start.
 */
import { createMachineKey, listMachineKeys, revokeMachineKey } from '../src/machine-keys/machine-keys';
import { MachineScope, scopeName, scopeOf } from '../src/machine-keys/machine-key';
import { withPrisma } from './with-prisma';

const SCOPES = Object.values(MachineScope).map(scopeName).join(' | ');
const USAGE = `Usage: npm run machine-key -- create <name> [${SCOPES} …] | list | revoke <name>`;

const when = (date: Date | null) => (date ? date.toISOString().replace(/\.\d+Z$/, 'Z') : 'never');

withPrisma(async (prisma) => {
  const [command, name, ...scopeNames] = process.argv.slice(2);
  if (command === 'create' && name) {
    const scopes = scopeNames.length ? scopeNames.map((given) => scopeOf(given) ?? unknownScope(given)) : Object.values(MachineScope);
    const key = await createMachineKey(prisma, name, scopes);
    console.log(`Machine key ${name} (${scopes.map(scopeName).join(', ')}). Shown this once: store it in the machine's secrets now.`);
    console.log(key);
  } else if (command === 'list' && !name) {
    const keys = await listMachineKeys(prisma);
    const lines = keys.map(
      (key) =>
        `${key.name}  ${key.scopes.map(scopeName).join(',')}  made ${when(key.createdAt)}  last read ${when(key.lastReadAt)}` +
        (key.revokedAt ? `  REVOKED ${when(key.revokedAt)}` : ''),
    );
    console.log(lines.length ? lines.join('\n') : 'No machine key yet: npm run machine-key -- create audience-pipeline');
  } else if (command === 'revoke' && name) {
    const revoked = await revokeMachineKey(prisma, name);
    console.log(`${name} ${revoked ? 'is revoked: the API refuses it from now on' : 'was revoked already'}.`);
  } else {
    throw new Error(USAGE);
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

function unknownScope(given: string): never {
  throw new Error(`No scope "${given}": ${SCOPES}`);
}

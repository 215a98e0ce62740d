import { randomBytes } from 'node:crypto';
import { testSetting } from '@segmentia/testing';
import { loadConfig } from '../../src/common/config/app-config';
import { MachineScope } from '../../src/machine-keys/machine-key';
import { createMachineKey, revokeMachineKey } from '../../src/machine-keys/machine-keys';
import { PrismaService } from '../../src/prisma/prisma.service';

/**
 * Machine keys as `npm run machine-key` makes them: as the database's owner (the API's role may only read keys), on
 * this run's test database. Each key gets a name of its own, so specs running at once never share one.
 */
export async function machineKeys() {
  const owner = new PrismaService(loadConfig({ NODE_ENV: 'test', DATABASE_URL: testSetting('databaseUrl') }));
  return {
    owner,
    async create(scopes: MachineScope[] = Object.values(MachineScope)) {
      const name = `spec-${randomBytes(4).toString('hex')}`;
      return { name, key: await createMachineKey(owner, name, scopes) };
    },
    revoke: (name: string) => revokeMachineKey(owner, name),
    close: () => owner.$disconnect(),
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

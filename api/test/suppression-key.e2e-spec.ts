// The suppression key cannot change silently (security review 2, L16): the first start records the fingerprint of
// SUPPRESSION_HASH_KEY, and a start with another key is refused, naming the setting, before it serves anything.
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { postGraphql, QUICK_PROOF, solvedProof, testSetting } from '@segmentia/testing';
import { startApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/common/config/app-config';
import { suppressionHash } from '../src/privacy/suppression-hash';
import { suppressionKeyFingerprint } from '../src/privacy/suppression-key';

const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);

let owner: Client;
const fingerprints = async () =>
  (await owner.query<{ fingerprint: string }>('SELECT fingerprint FROM suppression_key_fingerprint')).rows.map((row) => row.fingerprint);
const start = (key: string) =>
  startApp(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: testSetting('apiDatabaseUrl'),
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      SUPPRESSION_HASH_KEY: key,
      ...QUICK_PROOF,
    }),
    { logs: false },
  );

beforeAll(async () => {
  owner = new Client({ connectionString: testSetting('databaseUrl') });
  await owner.connect();
  // Only this spec starts the API as main.ts does; the others build it without the check, on any key.
  await owner.query('DELETE FROM suppression_key_fingerprint');
});
afterAll(async () => {
  await owner.query('DELETE FROM suppression_key_fingerprint');
  await owner.end();
});

it('records the key at the first start, and refuses to start with another, naming SUPPRESSION_HASH_KEY', async () => {
  const first = await start(KEY_A);
  const id = randomUUID();
  try {
    const url = `${(await first.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`;
    const { body } = await postGraphql(url, 'mutation O($input: OptOutInput!) { optOutOfAudiences(input: $input) { id } }', {
      input: { requestId: randomUUID(), deviceType: 'ANDROID', advertisingId: id, altcha: await solvedProof(url) },
    });
    expect(body.errors).toBeUndefined();
  } finally {
    await first.close();
  }
  expect(await fingerprints()).toEqual([suppressionKeyFingerprint(KEY_A)]);
  const { rows } = await owner.query('SELECT 1 FROM audience_suppression WHERE id_hash = $1', [suppressionHash(KEY_A, id)]);
  expect(rows).toHaveLength(1);

  const refused = start(KEY_B);
  await expect(refused).rejects.toBeInstanceOf(ConfigError);
  await expect(refused).rejects.toThrow(/^SUPPRESSION_HASH_KEY is not the key this database's suppression list was hashed with/);
  expect(await fingerprints()).toEqual([suppressionKeyFingerprint(KEY_A)]);

  const again = await start(KEY_A);
  await again.close();
});

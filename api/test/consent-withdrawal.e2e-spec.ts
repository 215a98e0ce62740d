// Withdrawing consent: a person withdraws it at the privacy centre, and the receipt says the reason
// and by when the ID is out of the segments; a partner or the pipeline sends withdrawn IDs in bulk with its machine key,
// hashed on arrival, idempotent, answering how many were new.
import { createHmac, randomUUID } from 'node:crypto';
import { SEGMENT_UPLOAD_HOURS } from '@segmentia/contracts/privacy';
import { solvedProof } from '@segmentia/testing';
import { MachineScope } from '../src/machine-keys/machine-key';
import { WITHDRAWAL_BATCH_MAX } from '../src/privacy/pipeline/dto/consent-withdrawals.input';
import { startTestApi, type TestApi } from './support/api';
import { bearer, machineKeys } from './support/machine-keys';

const KEY = 'w'.repeat(40);
const OPT_OUT = `mutation OptOut($input: OptOutInput!) {
  optOutOfAudiences(input: $input) { id optedOutAt deviceType reason outOfSegmentsBy } }`;
const SEND = `mutation Send($input: ConsentWithdrawalsInput!) { sendConsentWithdrawals(input: $input) { received added alreadyListed } }`;
type Receipt = { id: string; optedOutAt: string; reason: string; outOfSegmentsBy: string };
type Sent = { sendConsentWithdrawals: { received: number; added: number; alreadyListed: number } };

let api: TestApi;
let keys: Awaited<ReturnType<typeof machineKeys>>;
let partner: { name: string; key: string };

const hashOf = (id: string) => createHmac('sha256', KEY).update(id.toLowerCase()).digest('hex');
const newIp = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;
const optOut = async (input: Record<string, unknown>) =>
  api.graphql<{ optOutOfAudiences: Receipt }>(
    OPT_OUT,
    { input: { requestId: randomUUID(), deviceType: 'APPLE', altcha: await solvedProof(`${api.url}/graphql`), ...input } },
    { 'x-forwarded-for': newIp() },
  );
const send = (advertisingIds: string[], key = partner.key, deviceType = 'ANDROID') =>
  api.graphql<Sent>(SEND, { input: { deviceType, advertisingIds } }, bearer(key));
const rowsOf = (ids: string[]) =>
  api.prisma.audienceSuppression.findMany({ where: { idHash: { in: ids.map(hashOf) } }, include: { machineKey: true } });

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY_HOPS: '1', SUPPRESSION_HASH_KEY: KEY });
  keys = await machineKeys();
  partner = await keys.create([MachineScope.SEND_WITHDRAWALS]);
});
afterAll(async () => {
  await api.close();
  await keys.close();
});

describe('withdrawing consent at the privacy centre', () => {
  it('lists the ID with its reason, and the receipt says by when it is out of the segments', async () => {
    const id = randomUUID();
    const { body } = await optOut({ advertisingId: id, reason: 'WITHDRAWAL' });
    expect(body.errors).toBeUndefined();
    const receipt = body.data!.optOutOfAudiences;
    expect(receipt.reason).toBe('WITHDRAWAL');
    expect(new Date(receipt.outOfSegmentsBy).getTime() - new Date(receipt.optedOutAt).getTime()).toBe(SEGMENT_UPLOAD_HOURS * 3600_000);
    expect(await rowsOf([id])).toEqual([expect.objectContaining({ reason: 'WITHDRAWAL', source: 'PRIVACY_CENTER', machineKeyId: null })]);
  });

  it('keeps the first reason when the same ID comes again, and an objection stays the default', async () => {
    const id = randomUUID();
    const objected = (await optOut({ advertisingId: id })).body.data!.optOutOfAudiences;
    expect(objected.reason).toBe('OBJECTION');
    const again = (await optOut({ advertisingId: id.toUpperCase(), reason: 'WITHDRAWAL' })).body.data!.optOutOfAudiences;
    expect(again).toEqual(objected);
  });

  it('refuses a reason that is not one (a validation error, nothing stored)', async () => {
    const id = randomUUID();
    const { body } = await optOut({ advertisingId: id, reason: 'BORED' });
    expect(body.errors![0]!.extensions!.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(body.data ?? null).toBeNull();
    expect(await rowsOf([id])).toEqual([]);
  });
});

describe("partners' withdrawals by machine", () => {
  it('stores only keyed hashes, with reason WITHDRAWAL, source PARTNER and the key that sent them', async () => {
    const ids = [randomUUID(), randomUUID().toUpperCase()];
    const { body } = await send(ids);
    expect(body.errors).toBeUndefined();
    expect(body.data!.sendConsentWithdrawals).toEqual({ received: 2, added: 2, alreadyListed: 0 });
    const rows = await rowsOf(ids);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ reason: 'WITHDRAWAL', source: 'PARTNER', deviceType: 'ANDROID', requestId: null });
      expect(row.machineKey?.name).toBe(partner.name);
      const stored = JSON.stringify(row).toLowerCase();
      for (const id of ids) expect(stored).not.toContain(id.toLowerCase());
    }
  });

  it('is idempotent: the same IDs again add nothing, and a batch counts what was new and what was listed already', async () => {
    const listed = randomUUID();
    await optOut({ advertisingId: listed });
    const fresh = [randomUUID(), randomUUID()];
    const first = await send([...fresh, listed, fresh[0]!]);
    expect(first.body.data!.sendConsentWithdrawals).toEqual({ received: 4, added: 2, alreadyListed: 1 });
    const again = await send([...fresh, listed]);
    expect(again.body.data!.sendConsentWithdrawals).toEqual({ received: 3, added: 0, alreadyListed: 3 });
    expect(await rowsOf([...fresh, listed])).toHaveLength(3);
    // The person's own objection stays what it was.
    expect((await rowsOf([listed]))[0]).toMatchObject({ reason: 'OBJECTION', source: 'PRIVACY_CENTER' });
  });

  it(`takes up to ${WITHDRAWAL_BATCH_MAX} IDs a batch, within the body limit, and refuses more with a field code`, async () => {
    const full = Array.from({ length: WITHDRAWAL_BATCH_MAX }, () => randomUUID());
    const { body } = await send(full);
    expect(body.errors).toBeUndefined();
    expect(body.data!.sendConsentWithdrawals).toEqual({ received: WITHDRAWAL_BATCH_MAX, added: WITHDRAWAL_BATCH_MAX, alreadyListed: 0 });
    const over = await send([...full.slice(0, WITHDRAWAL_BATCH_MAX / 2), ...full.slice(0, WITHDRAWAL_BATCH_MAX / 2 + 1)]);
    expect(over.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { advertisingIds: [{ code: 'arrayMaxSize' }] },
    });
    const empty = await send([]);
    expect(empty.body.errors![0]!.extensions!.fieldErrors).toEqual({ advertisingIds: [expect.objectContaining({ code: 'arrayMinSize' })] });
  });

  it('refuses a batch with a bad ID, naming its position and never its text, and stores none of it', async () => {
    const good = randomUUID();
    const { body } = await send([good, 'not-an-id-4711', '00000000-0000-0000-0000-000000000000']);
    const errors = body.errors![0]!.extensions!.fieldErrors as Record<string, { code: string; message: string }[]>;
    expect(Object.fromEntries(errors.advertisingIds!.map((error) => [error.code, error.message]))).toEqual({
      isAdvertisingId: expect.stringContaining('at position 1 '),
      notZeroId: expect.stringContaining('at position 2 '),
    });
    expect(JSON.stringify(body)).not.toContain('4711');
    expect(await rowsOf([good])).toEqual([]);
  });
});

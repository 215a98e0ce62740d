import { AudiencesService } from '../audiences/audiences.service';
import { loadConfig } from '../common/config/app-config';
import { ProofOfWork } from '../contact/proof-of-work';
import { NotificationWorker } from '../notifications/notification-worker';
import { NotificationSenders } from '../notifications/senders';
import { PrismaService } from '../prisma/prisma.service';
import { SideEffectCeilings } from '../side-effects/side-effect-ceilings';
import { MyDataService } from './my-data.service';

/** The service with a database that knows one address, stored as `stored`, and a sender spy. */
async function setUp(stored: string[]) {
  const tx = {
    $executeRaw: jest.fn().mockResolvedValue(1),
    $queryRaw: jest.fn().mockResolvedValue([{ address: 'kim@provider.example', stored, links: 0 }]),
    dataAccessLink: { createMany: jest.fn().mockResolvedValue({ count: 1 }) },
  };
  const prisma = { $transaction: (work: (client: typeof tx) => Promise<unknown>) => work(tx) };
  const sendDataLink = jest.fn().mockResolvedValue(undefined);
  const service = new MyDataService(
    prisma as unknown as PrismaService,
    loadConfig({ DATABASE_URL: 'postgresql://unused' }),
    { check: async () => ({ ok: true, challengeId: 'challenge-1', early: false }), spend: async () => true } as unknown as ProofOfWork,
    { sendDataLink } as unknown as NotificationSenders,
    {} as NotificationWorker,
    {} as AudiencesService,
    { admit: async () => undefined } as unknown as SideEffectCeilings,
  );
  return { service, sendDataLink };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('MyDataService.requestLink', () => {
  it('answers before it starts the send (no sender call until the answer is out), then emails the stored address', async () => {
    const { service, sendDataLink } = await setUp(['Kim@Provider.example']);
    await expect(service.requestLink({ email: 'KIM@provider.example', locale: 'EN', altcha: 'proof' })).resolves.toEqual({ sent: true });
    expect(sendDataLink).not.toHaveBeenCalled();
    await nextTurn();
    expect(sendDataLink).toHaveBeenCalledTimes(1);
    // To the address as the leads store it, never as typed.
    expect(sendDataLink.mock.calls[0]![0]).toEqual(['Kim@Provider.example']);
    await service.onModuleDestroy();
  });

  it('sends nothing for an address with no lead and no objection', async () => {
    const { service, sendDataLink } = await setUp([]);
    await expect(service.requestLink({ email: 'nobody@provider.example', locale: 'EN', altcha: 'proof' })).resolves.toEqual({ sent: true });
    await nextTurn();
    expect(sendDataLink).not.toHaveBeenCalled();
  });
});

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../common/config/app-config';
import { NotificationChannel } from '../generated/prisma/enums';
import type { LeadSummary } from './lead-message';
import { DeliveryError, NotificationSenders } from './senders';

const LEAD = {
  id: '6f1c0b1e-3c1f-4f7e-9f55-2d1c8b7a0e11',
  receivedAt: new Date('2026-11-23T16:05:00Z'),
  agencyName: 'Agencia Norte',
  agencyType: 'MEDIA',
  agencySize: 'UP_TO_2M',
  interest: 'SOLUTIONS',
  locale: 'ES',
  fitScore: 20,
  fitReasons: [],
  requestNumber: 1,
  repeatOf: null,
} as unknown as LeadSummary;

describe("the email sender's transport security", () => {
  // A server that offers no STARTTLS, as one would look to a client whose STARTTLS an attacker on the path stripped.
  let server: SMTPServer;
  let port: number;
  let accepted = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      async onData(stream, _session, callback) {
        for await (const chunk of stream) void chunk;
        accepted += 1;
        callback();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = async (smtpUrl: string) => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://x@127.0.0.1/x', SMTP_URL: smtpUrl, NOTIFY_EMAIL_TO: 'sales@segmentia.es' });
    const senders = new NotificationSenders(config);
    try {
      await senders.send(NotificationChannel.EMAIL, 'c0ffee00-0000-4000-8000-000000000000', LEAD);
    } finally {
      senders.onApplicationShutdown();
    }
  };

  it('sends nothing to a server without STARTTLS when SMTP_URL says requireTLS=true (what production asks of smtp://)', async () => {
    await send(`smtp://127.0.0.1:${port}`);
    expect(accepted).toBe(1);
    await expect(send(`smtp://127.0.0.1:${port}?requireTLS=true`)).rejects.toThrow(DeliveryError);
    expect(accepted).toBe(1);
  });
});

/**
 * Local stand-ins for where notifications go: a webhook endpoint and an SMTP
 * server, each able to refuse the next deliveries or to be down for a while,
 * and recording what they accepted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Receiver<T> {
  accepted: T[];
  /** Deliveries answered with a temporary failure so far. */
  refused: number;
  /** Refuse the next n deliveries. */
  failNext(n: number): void;
  /** Refuse everything until set back to false. */
  down: boolean;
  close(): Promise<void>;
}

export interface WebhookDelivery {
  notificationId: string;
  body: { text: string; blocks: { type: string; text?: { text: string }; fields?: { text: string }[] }[] };
}

function refusals() {
  let next = 0;
  return {
    failNext: (n: number) => (next = n),
    /** Whether this delivery is refused (and counted). */
    take(down: boolean) {
      if (!down && next <= 0) return false;
      next -= 1;
      return true;
    },
  };
}

export async function startWebhookReceiver(): Promise<Receiver<WebhookDelivery> & { url: string }> {
  const { failNext, take } = refusals();
  const receiver = {
    accepted: [] as WebhookDelivery[],
    refused: 0,
    down: false,
    failNext,
  };
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    if (take(receiver.down)) {
      receiver.refused += 1;
      response.writeHead(503).end('try later');
      return;
    }
    receiver.accepted.push({ notificationId: String(request.headers['x-segmentia-notification']), body: JSON.parse(body) });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sales`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export async function startSmtpReceiver(): Promise<Receiver<string> & { url: string }> {
  const { failNext, take } = refusals();
  const receiver = { accepted: [] as string[], refused: 0, down: false, failNext };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, _session, callback) {
      let message = '';
      for await (const chunk of stream) message += chunk;
      if (take(receiver.down)) {
        receiver.refused += 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      receiver.accepted.push(message);
      callback();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * A local mail catcher (npm maildev): an SMTP server that keeps every message
 * and a web inbox to read them, for `npm start` and the browser tests when
 * SMTP_URL is unset: the prospect's confirmation and sales' notification can
 * be read before production, and go nowhere else.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, waitFor } from '../../common/managed-process';

export interface MailCatcherPorts {
  smtp: number;
  web: number;
}

export interface MailCatcher {
  /** What the API's SMTP_URL is set to. */
  smtpUrl: string;
  /** The inbox, for a browser. */
  webUrl: string;
  stop(): Promise<void>;
}

/** A message as maildev's REST API gives it. */
export interface CaughtMessage {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** maildev's folder: its package exports only an ES module entry, so it is looked up where Node.js would look. */
function maildevDir(): string {
  const found = (require.resolve.paths('maildev') ?? [])
    .map((dir) => path.join(dir, 'maildev'))
    .find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error('maildev is not installed: run npm install');
  return found;
}

export async function startMailCatcher(ports: MailCatcherPorts): Promise<MailCatcher> {
  // Messages kept in a folder of this run only: a new start begins with an empty inbox.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'segmentia-mail-'));
  const args = [
    path.join(maildevDir(), 'dist/bin/maildev.js'),
    '--smtp',
    String(ports.smtp),
    '--web',
    String(ports.web),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
  ];
  const logFile = path.join(folder, 'maildev.log');
  const catcher = launch('the mail catcher (maildev)', process.execPath, [...args, '--mail-directory', path.join(folder, 'mail')], logFile);
  const webUrl = `http://127.0.0.1:${ports.web}`;
  const stop = async () => {
    await catcher.stop('SIGINT');
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor('the mail catcher', async () => (await fetch(`${webUrl}/api/healthz`)).ok, 30_000, catcher);
  } catch (error) {
    await stop();
    throw error;
  }
  return { smtpUrl: `smtp://127.0.0.1:${ports.smtp}`, webUrl, stop };
}

/** Every message the catcher holds, oldest first. */
export async function caughtMessages(webUrl: string): Promise<CaughtMessage[]> {
  const response = await fetch(`${webUrl}/api/email`);
  if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMessage[];
}

/**
 * The embedded defaults of the roles that need an outside service: staff
 * sign-in (the Firebase Auth emulator with two demo accounts) when no Firebase
 * project is set, and a mail catcher when SMTP_URL is unset. `npm start` runs
 * them; so does the browser tests' stack, on ports of its own.
 */
import { loadToolsConfig } from '../../common/config';
import { type PortUse } from '../../common/ports';
import { DEMO_PROJECT_ID } from '@segmentia/contracts/staff';
import { type EmulatorAccount, ensureAccount } from '@segmentia/testing';
import { type AuthEmulator, emulatorAddress, startAuthEmulator } from './auth-emulator';
import { type MailCatcher, startMailCatcher } from './mail-catcher';

/** The accounts `npm start` creates in the emulator and prints (the emulator forgets them when it stops). */
export const DEMO_ACCOUNTS = {
  sales: { email: 'ventas@segmentia.test', password: 'demo-ventas', staff: true },
  visitor: { email: 'agencia@ejemplo.test', password: 'demo-agencia', staff: false },
} satisfies Record<string, EmulatorAccount>;

/** Where sales' email notifications go with the mail catcher, when NOTIFY_EMAIL_TO is unset. */
export const DEMO_SALES_INBOX = 'ventas@segmentia.test';

export interface LocalServicePorts {
  authEmulator?: number;
  mailSmtp?: number;
  mailWeb?: number;
}

export interface LocalServices {
  auth?: AuthEmulator;
  mail?: MailCatcher;
  /** The API's settings that point it at them. */
  apiEnv: Record<string, string>;
  /** The site build's settings that point the staff page at the emulator. */
  siteEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** The ports they will listen on, for assertPortsFree, with the setting that moves each. */
export function localServicePorts(ports: LocalServicePorts): PortUse[] {
  const auth = ports.authEmulator;
  return [
    ...(auth ? [0, 1, 2].map((offset) => ({ port: auth + offset, variable: 'AUTH_EMULATOR_PORT', host: '127.0.0.1' })) : []),
    ...(ports.mailSmtp ? [{ port: ports.mailSmtp, variable: 'MAIL_CATCHER_SMTP_PORT', host: '127.0.0.1' }] : []),
    ...(ports.mailWeb ? [{ port: ports.mailWeb, variable: 'MAIL_CATCHER_WEB_PORT', host: '127.0.0.1' }] : []),
  ];
}

/**
 * The settings that point the API and the site's build at them, known from
 * their ports alone: the API can start while they are still starting.
 */
export function localServiceSettings(ports: LocalServicePorts): Pick<LocalServices, 'apiEnv' | 'siteEnv'> {
  const auth = ports.authEmulator ? emulatorAddress(ports.authEmulator) : undefined;
  return {
    apiEnv: {
      ...(auth ? { FIREBASE_PROJECT_ID: DEMO_PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: auth.host } : {}),
      ...(ports.mailSmtp
        ? { SMTP_URL: `smtp://127.0.0.1:${ports.mailSmtp}`, NOTIFY_EMAIL_TO: loadToolsConfig().mail.to.join(',') || DEMO_SALES_INBOX }
        : {}),
    },
    // The web SDK needs an API key; the emulator takes any.
    siteEnv: auth
      ? {
          GATSBY_FIREBASE_API_KEY: 'emulator-api-key',
          GATSBY_FIREBASE_AUTH_DOMAIN: `${DEMO_PROJECT_ID}.firebaseapp.com`,
          GATSBY_FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
          GATSBY_FIREBASE_AUTH_EMULATOR_URL: auth.url,
        }
      : {},
  };
}

/** Starts those asked for (a port given), both at once; on a failure, stops what started. */
export async function startLocalServices(ports: LocalServicePorts, { demoAccounts = true } = {}): Promise<LocalServices> {
  const [auth, mail] = await Promise.allSettled([
    ports.authEmulator
      ? startAuthEmulator({ auth: ports.authEmulator, hub: ports.authEmulator + 1, logging: ports.authEmulator + 2 })
      : undefined,
    ports.mailSmtp && ports.mailWeb ? startMailCatcher({ smtp: ports.mailSmtp, web: ports.mailWeb }) : undefined,
  ]);
  const started = {
    auth: auth.status === 'fulfilled' ? auth.value : undefined,
    mail: mail.status === 'fulfilled' ? mail.value : undefined,
  };
  const stop = async () => {
    await Promise.all([started.auth?.stop(), started.mail?.stop()]);
  };
  const failure = [auth, mail].find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  if (started.auth && demoAccounts) {
    for (const account of Object.values(DEMO_ACCOUNTS)) await ensureAccount(started.auth, account);
  }
  return { ...started, ...localServiceSettings(ports), stop };
}

/** What `npm start` prints about them. */
export function describeLocalServices({ auth, mail }: LocalServices, siteUrl: string): string[] {
  const lines: string[] = [];
  if (auth) {
    const { sales, visitor } = DEMO_ACCOUNTS;
    lines.push(
      `  staff    ${siteUrl}/staff/  signed in through the Firebase Auth emulator (${auth.host}, project ${DEMO_PROJECT_ID}):`,
      `             ${sales.email} / ${sales.password}    sales role: reads leads, and queries them from "Query leads in GraphQL"`,
      `             ${visitor.email} / ${visitor.password}    no role: signed in, refused (FORBIDDEN)`,
    );
  }
  if (mail) lines.push(`  mail     ${mail.webUrl}/  every email the API sends (SMTP_URL unset: nothing leaves this machine)`);
  return lines;
}

// Over 300 lines on purpose: every setting of the API in one validated class, grouped by concern, each with its
// documented default and its message; splitting it would scatter what .env.example and docs/configuration.md list.
import type { NotificationChannel } from '../../generated/prisma/enums';
import { type Company, companyFrom, companySettingsOf, examplesToPublish } from '@segmentia/contracts/company';
import { TERMS_VERSION as TERMS_IN_FORCE } from '@segmentia/contracts/terms';
import { Transform } from 'class-transformer';
import { type ConfigGroups, groupsFor } from './config-groups';
import { ConfigError, IntSetting, loadSettings, Port, toBool, toList, UrlSetting } from './settings';
import {
  ArrayNotEmpty,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MinLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';

/** A Node.js timer's longest delay (2^31 - 1 ms); longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_TIMER_MINUTES = Math.floor(MAX_TIMER_MS / 60_000);

export enum Environment {
  Development = 'development',
  Production = 'production',
  Test = 'test',
}

/** The processors the privacy policy names when their settings are left alone: EXAMPLES (`.env.example`). */
const EXAMPLE_PROCESSORS = {
  webhook: 'Slack Technologies Limited (IE) / Salesforce, Inc. (US)',
  email: 'Google Ireland Limited (IE) / Google LLC (US), Google Workspace',
};

/**
 * Secrets committed to this repository: the dev overlay's throwaway Secrets (deploy/k8s/overlays/dev, tied to this list
 * by app-config.spec) and the credentials of the docs' example URLs. Anyone can read them, so production refuses them.
 */
export const DEVELOPMENT_SECRETS = [
  'dev-only-altcha-secret-0123456789abcdef',
  'dev-only-suppression-hash-key-0123456789abcdef',
  'dev-only-valkey-password',
  'dev-only-database-password',
  'user:password@',
];

/** The suppression list's key outside production: published here, so production refuses it. */
const DEVELOPMENT_SUPPRESSION_HASH_KEY = 'dev-only-suppression-hash-key-0123456789abcdef';

/** A host on this machine: what travels to it never crosses a network. */
export const isLoopbackHost = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$/i.test(host);

const inProduction = (args?: ValidationArguments) => (args?.object as AppConfig).NODE_ENV === Environment.Production;

/** In production, no secret of DEVELOPMENT_SECRETS, whole or inside a URL (unless ALLOW_DEVELOPMENT_SECRETS: a local cluster). */
const NoDevelopmentSecret = () =>
  ValidateBy({
    name: 'noDevelopmentSecret',
    validator: {
      validate: (value, args) =>
        !inProduction(args) ||
        (args?.object as AppConfig).ALLOW_DEVELOPMENT_SECRETS === true ||
        !DEVELOPMENT_SECRETS.some((secret) => String(value).includes(secret)),
      defaultMessage: (args) =>
        `${args?.property} holds a secret published in this repository (a development or example value), so anybody has it: ` +
        'set one of your own in production (e.g. openssl rand -hex 32).',
    },
  });

/**
 * Why an SMTP URL could send in clear text in production: STARTTLS is only offered by the server, so one on the path can
 * strip it and read the credentials and the emails. smtps:// (TLS from the first byte) or smtp://…?requireTLS=true
 * (nodemailer then refuses to go on without STARTTLS), with the certificate checked; a relay on this machine aside.
 */
export function cleartextSmtp(smtpUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return 'is not a URL';
  }
  if (url.searchParams.get('tls.rejectUnauthorized') === 'false')
    return "turns off the server certificate's check (tls.rejectUnauthorized=false)";
  if (url.protocol === 'smtps:' || url.searchParams.get('requireTLS') === 'true' || isLoopbackHost(url.hostname)) return undefined;
  return 'may send in clear text (smtp:// without requireTLS=true)';
}

/**
 * Every setting of the API, read from the environment and validated at start:
 * a bad value stops the process with a message that names the variable.
 * Defaults here are the ones `.env.example` lists.
 */
export class AppConfig {
  // --- The HTTP server ---
  /** Unset: production (no error details, no explorer, no introspection); `npm start` asks for development. */
  @IsEnum(Environment)
  NODE_ENV: Environment = Environment.Production;

  @Port({ allowZero: true })
  PORT = 4000;

  @IsString()
  HOST = '0.0.0.0';

  // --- The database ---
  /** Set by `npm start` to the embedded PostgreSQL when not given. */
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgresql:// connection URL' })
  @NoDevelopmentSecret()
  DATABASE_URL = '';

  @IntSetting(1, 100)
  DATABASE_POOL_SIZE = 10;

  /** Longest wait for a connection or a query before answering SERVICE_UNAVAILABLE. */
  @IntSetting(100, 30000)
  DATABASE_TIMEOUT_MS = 2000;

  // --- Browsers and visitors: CORS, proxies, rate limits ---
  /** Origins allowed to call the API from a browser (CORS), comma-separated. */
  @Transform(toList)
  @ArrayNotEmpty()
  @IsUrl({ require_tld: false, require_protocol: true }, { each: true })
  SITE_ORIGINS: string[] = ['http://localhost:8000'];

  /** Shared rate-limit storage for several replicas; in memory when unset. */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  @NoDevelopmentSecret()
  REDIS_URL?: string = undefined;

  @IntSetting(1)
  CONTACT_RATE_LIMIT_PER_MINUTE = 5;

  /**
   * Every public query's resolvers together, per client (IPv4 address, IPv6 /64) and minute; each alias counts, an answer
   * from the response cache does not. Generous: nginx limits a client before this does (docs/api.md, "Limits").
   */
  @IntSetting(1)
  QUERY_RATE_LIMIT_PER_MINUTE = 600;

  /**
   * searchAudiences per client and minute (instead of the query budget): each new text is a trigram query on the
   * database; a visitor typing searches a few times a second at most, and not for a minute on end.
   */
  @IntSetting(1)
  SEARCH_RATE_LIMIT_PER_MINUTE = 120;

  /** contactChallenge per client and minute: a visitor needs one per form sent. */
  @IntSetting(1)
  CHALLENGE_RATE_LIMIT_PER_MINUTE = 10;

  // --- The contact form: proof of work and time trap ---
  /**
   * Bots out without a captcha: the contact form's proof of work (ALTCHA).
   * The secret signs the challenges; set the same one on every replica (`npm
   * run prod` makes one for its replicas). Unset: a random one per process,
   * so challenges issued before a restart are refused (the form asks again).
   */
  @IsOptional()
  @MinLength(32, { message: 'ALTCHA_HMAC_SECRET must be at least 32 characters' })
  @NoDevelopmentSecret()
  ALTCHA_HMAC_SECRET?: string = undefined;

  // --- The privacy centre ---
  /**
   * The key of the audiences' suppression list: an opted-out advertising ID is stored as HMAC-SHA-256 of its lowercase
   * text under this key, never as the ID; the pipeline that builds the audiences hashes its IDs with the same key to
   * leave them out. Never change it once IDs are stored (they would no longer match). Required in production; elsewhere
   * unset means the development key, which production refuses.
   */
  @IsOptional()
  @MinLength(32, { message: 'SUPPRESSION_HASH_KEY must be at least 32 characters' })
  @NoDevelopmentSecret()
  SUPPRESSION_HASH_KEY?: string = undefined;

  /** ALLOW_DEVELOPMENT_SECRETS=true: production takes the secrets this repository publishes (the dev overlay's local cluster only). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  ALLOW_DEVELOPMENT_SECRETS?: boolean = undefined;

  /** PBKDF2 iterations per attempt: what one guess costs the browser (and the API, once per request it checks). */
  @IntSetting(1, 1_000_000)
  ALTCHA_COST = 40_000;

  /**
   * Zeros a solution's key starts with, in hex digits: a challenge takes 16^n attempts on average (2: 256, about 10
   * million PBKDF2 iterations at ALTCHA_COST, as many as before). Issuing one derives no key: a challenge costs an HMAC.
   */
  @IntSetting(1, 8)
  ALTCHA_DIFFICULTY = 2;

  /** How long a challenge may be used: a visitor may leave the form open for a while. */
  @IntSetting(1, 7 * 24 * 60)
  ALTCHA_EXPIRES_MINUTES = 24 * 60;

  /**
   * The time trap: a form sent sooner than this after its challenge was issued is a bot's. A contact request is kept as
   * spam (an ordinary receipt); the privacy centre's forms are refused altchaTooSoon, to be sent again a moment later.
   */
  @IntSetting(0, 600)
  CONTACT_MIN_FILL_SECONDS = 3;

  @IntSetting(1)
  CONSENT_RATE_LIMIT_PER_MINUTE = 30;

  /** The privacy centre's requests for a link to one's request data (requestMyDataLink), per client and minute. */
  @IntSetting(1)
  MY_DATA_RATE_LIMIT_PER_MINUTE = 5;

  /** Links to one's request data emailed to one address per hour; more requests get the same answer and no email. */
  @IntSetting(1, 100)
  MY_DATA_LINKS_PER_HOUR = 3;

  /** Express "trust proxy": the number of proxies in front (0 = none), so rate limits see the visitor's IP. */
  @IntSetting(0)
  TRUST_PROXY_HOPS = 0;

  // --- GraphQL: limits, terms, the IDE ---
  @IntSetting(2)
  GRAPHQL_MAX_DEPTH = 20;

  @IntSetting(10)
  GRAPHQL_MAX_COMPLEXITY = 200;

  /** Aliases, `__typename` included. */
  @IntSetting(1)
  GRAPHQL_MAX_ALIASES = 15;

  /** Tokens of an operation's text: a longer document is refused while it is parsed, before anything runs. */
  @IntSetting(500)
  GRAPHQL_MAX_TOKENS = 2000;

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must be a size such as 100kb' })
  BODY_LIMIT = '100kb';

  /**
   * Version of the terms and privacy policy a contact request accepts: the
   * date they took effect, which the legal pages show as their last update.
   * Its default moves with the texts (packages/contracts/src/terms.ts, which a
   * test ties to them); set it only to stage texts whose date is decided.
   */
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: 'TERMS_VERSION must be the date the terms took effect, as YYYY-MM-DD (e.g. 2026-11-01)',
  })
  TERMS_VERSION = TERMS_IN_FORCE;

  /**
   * The GraphQL IDE (GraphiQL, served by the API at /graphql for a browser).
   * Unset: on outside production, off in production; GRAPHQL_IDE=true in
   * production serves it with the committed schema (introspection stays off).
   */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  GRAPHQL_IDE?: boolean = undefined;

  // --- Staff sign-in (Firebase) ---
  /** The Firebase project whose ID tokens sign staff in; unset: nobody can read leads. */
  @IsOptional()
  @Matches(/^[a-z0-9-]{4,40}$/, { message: 'FIREBASE_PROJECT_ID must be a Firebase project id such as segmentia-prod' })
  FIREBASE_PROJECT_ID?: string = undefined;

  /** The public keys that sign Firebase ID tokens (JSON Web Key Set): in production only Google's, over https. */
  @UrlSetting()
  @ValidateBy({
    name: 'googleKeySet',
    validator: {
      validate: (value, args) => !inProduction(args) || isGoogleKeySet(String(value)),
      defaultMessage: () =>
        `FIREBASE_JWKS_URL must be Google's key set over https (https://${GOOGLE_KEY_SET_HOST}/…) in production: ` +
        'whoever serves these keys can sign in as staff.',
    },
  })
  FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

  /**
   * The Firebase Authentication emulator (host:port, as firebase-tools and the
   * Admin SDK name it), which `npm start` runs when no Firebase project is set:
   * its tokens are unsigned, so the API takes them only in a local demo
   * (emulatorRefusal).
   */
  @IsOptional()
  @Matches(/^([a-z0-9.-]+|\[::1\]):\d{1,5}$/i, { message: 'FIREBASE_AUTH_EMULATOR_HOST must be host:port, such as 127.0.0.1:9099' })
  @ValidateBy({
    name: 'localDemoOnly',
    validator: {
      validate: (_value, args) => !emulatorRefusal(args?.object as AppConfig),
      defaultMessage: (args) => emulatorRefusal(args?.object as AppConfig)!,
    },
  })
  FIREBASE_AUTH_EMULATOR_HOST?: string = undefined;

  /** Email domains whose verified accounts are staff without the `role: "sales"` claim, comma-separated. */
  @Transform(toList)
  @Matches(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { each: true, message: 'STAFF_EMAIL_DOMAINS must list domains such as segmentia.es' })
  STAFF_EMAIL_DOMAINS: string[] = [];

  /** How staff may sign in (the token's `firebase.sign_in_provider`), comma-separated; any other way is FORBIDDEN. */
  @Transform(toList)
  @ArrayNotEmpty({ message: 'STAFF_SIGN_IN_PROVIDERS must list at least one sign-in provider, such as google.com' })
  @Matches(/^[a-z0-9.-]+$/i, {
    each: true,
    message: 'STAFF_SIGN_IN_PROVIDERS must list Firebase sign-in providers such as google.com,password',
  })
  STAFF_SIGN_IN_PROVIDERS: string[] = ['google.com', 'password'];

  /**
   * How long the API trusts its last look at a staff account (disabled? sessions revoked since the token's sign-in?)
   * before asking Firebase again (Admin SDK): a revoked or disabled account is refused within this time. 0: no look
   * (tokens of a key set of a test's own, which no Firebase project knows); refused in production.
   */
  @IntSetting(0, 3600)
  @ValidateBy({
    name: 'accountCheckInProduction',
    validator: {
      validate: (value, args) => !inProduction(args) || Number(value) > 0,
      defaultMessage: () =>
        'STAFF_ACCOUNT_CHECK_SECONDS=0 turns off the check of revoked and disabled staff accounts, which production needs: ' +
        'leave it unset (300) or give a few minutes.',
    },
  })
  STAFF_ACCOUNT_CHECK_SECONDS = 300;

  // --- Retention ---
  /** Leads older than this are erased by a scheduled job (the privacy policy states it). */
  @IntSetting(1, 120)
  LEAD_RETENTION_MONTHS = 24;

  /** Rows of the hidden honeypot (spam) are erased this many days after they arrive (the privacy policy states it). */
  @IntSetting(1, 3650)
  SPAM_RETENTION_DAYS = 30;

  /** Records of cookie decisions are erased this many months after the decision (the privacy policy states it). */
  @IntSetting(1, 120)
  CONSENT_RETENTION_MONTHS = 36;

  /** How often the retention job runs (it also runs at start); a Node.js timer holds at most 24.8 days. */
  @IntSetting(1)
  @Max(MAX_TIMER_MINUTES, { message: `RETENTION_INTERVAL_MINUTES must be at most ${MAX_TIMER_MINUTES} (a timer's longest delay)` })
  RETENTION_INTERVAL_MINUTES = 60;

  // --- Notifications: webhook, email, the outbox ---
  /** New leads are posted here as Slack-compatible JSON ({ text, blocks }). */
  @UrlSetting({ optional: true })
  @NoDevelopmentSecret()
  NOTIFY_WEBHOOK_URL?: string = undefined;

  /** Who receives the webhook's messages, as the privacy policy names this processor in every language (legal names and countries). */
  @IsString()
  @MinLength(3)
  NOTIFY_WEBHOOK_PROCESSOR = EXAMPLE_PROCESSORS.webhook;

  /** The email provider that carries the emails, as the privacy policy names this processor. */
  @IsString()
  @MinLength(3)
  SMTP_PROCESSOR = EXAMPLE_PROCESSORS.email;

  /** Email for new leads and the prospects' confirmations, e.g. smtps://user:password@smtp.example.com:465; unset: no email. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  @ValidateBy({
    name: 'smtpOverTls',
    validator: {
      validate: (value, args) => !inProduction(args) || !cleartextSmtp(String(value)),
      defaultMessage: (args) =>
        `SMTP_URL ${cleartextSmtp(String(args?.value))} in production: use smtps://…:465, or smtp://…:587?requireTLS=true`,
    },
  })
  @NoDevelopmentSecret()
  SMTP_URL?: string = undefined;

  @Transform(toList)
  @IsEmail({}, { each: true, message: 'NOTIFY_EMAIL_TO must list email addresses' })
  NOTIFY_EMAIL_TO: string[] = [];

  @IsString()
  NOTIFY_EMAIL_FROM = 'Segmentia <no-reply@segmentia.es>';

  /** How often the notification worker looks for deliveries due (a new lead wakes it at once). */
  @IntSetting(50)
  NOTIFY_POLL_INTERVAL_MS = 10_000;

  /** First retry delay; each failure doubles it, up to NOTIFY_RETRY_MAX_MS. */
  @IntSetting(10)
  NOTIFY_RETRY_BASE_MS = 30_000;

  @IntSetting(10, MAX_TIMER_MS)
  NOTIFY_RETRY_MAX_MS = 3_600_000;

  /** How long a worker holds a notification it is sending; a replica that dies frees its rows after this. Longer than any send. */
  @IntSetting(15, 3600)
  NOTIFY_LEASE_SECONDS = 120;

  /** Where a notification links to the lead: the site's staff page. */
  @UrlSetting()
  STAFF_PAGE_URL = 'http://localhost:8000/staff/';

  // --- Metrics, logs and shutdown ---
  /** Prometheus metrics (/metrics) on a port of their own, never behind nginx; 0 turns them off. */
  @Port({ allowZero: true })
  METRICS_PORT = 9464;

  /**
   * Where the metrics listen: unauthenticated, and each scrape runs SQL, so this machine (or container) only, unless a
   * scraper elsewhere needs them (Kubernetes: 0.0.0.0, its network policy lets only the monitoring namespace in).
   */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /** On SIGTERM, how long readiness says "draining" before the server stops accepting connections. */
  @IntSetting(0, 60_000)
  SHUTDOWN_GRACE_MS = 0;

  @IsEnum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  /** json: one object per line (production); pretty: coloured lines for a terminal. Unset: pretty outside production. */
  @IsOptional()
  @IsEnum(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' })
  LOG_FORMAT?: 'json' | 'pretty' = undefined;

  // --- The API's commands ---
  /** `npm run studio` (an API command): Prisma Studio's port. */
  @Port()
  STUDIO_PORT = 5555;

  /** `npm run studio`'s read-only connection; unset: DATABASE_URL as the sales reader (segmentia_sales_reader). */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'STUDIO_DATABASE_URL must be a postgresql:// connection URL' })
  STUDIO_DATABASE_URL?: string = undefined;

  // --- The public site and the company (read by the site's build too) ---
  /** The public site, for links in emails (and the site's build). */
  @UrlSetting({ optional: true })
  GATSBY_SITE_URL?: string = undefined;

  /** The company's name, address, NIF and email, as the site publishes them (README, "Company data"): the confirmation email's footer. */
  @IsOptional()
  @IsString()
  GATSBY_COMPANY_NAME?: string = undefined;

  @IsOptional()
  @IsString()
  GATSBY_COMPANY_ADDRESS?: string = undefined;

  @IsOptional()
  @IsString()
  GATSBY_COMPANY_TAX_ID?: string = undefined;

  @IsOptional()
  @IsEmail({}, { message: 'GATSBY_COMPANY_EMAIL must be an email address' })
  GATSBY_COMPANY_EMAIL?: string = undefined;

  /** PUBLISH_EXAMPLE_COMPANY=true: the API starts in production with the example company data (a demo, a test). */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  PUBLISH_EXAMPLE_COMPANY?: boolean = undefined;

  get company(): Company {
    return companyFrom(companySettingsOf(this as unknown as Record<string, string | undefined>));
  }

  /** The public site, for links in emails: GATSBY_SITE_URL, or the first of SITE_ORIGINS. */
  get siteUrl(): string {
    return this.site.url;
  }

  /** The suppression list's key: SUPPRESSION_HASH_KEY, else (outside production: suppressionKeyRefusal) the development one. */
  get suppressionHashKey(): string {
    return this.SUPPRESSION_HASH_KEY ?? DEVELOPMENT_SUPPRESSION_HASH_KEY;
  }

  get isProduction(): boolean {
    return this.environment.isProduction;
  }

  /** Whether /graphql serves the IDE to a browser. */
  get graphqlIde(): boolean {
    return this.graphql.ide;
  }

  /** The channels new leads are announced on, in delivery order. */
  get notificationChannels(): NotificationChannel[] {
    return this.notifications.channels;
  }

  // --- The same settings grouped by concern (config-groups.ts), mapped once: what code reads ---
  get environment(): ConfigGroups['environment'] {
    return groupsFor(this).environment;
  }
  get http(): ConfigGroups['http'] {
    return groupsFor(this).http;
  }
  get database(): ConfigGroups['database'] {
    return groupsFor(this).database;
  }
  get rateLimits(): ConfigGroups['rateLimits'] {
    return groupsFor(this).rateLimits;
  }
  get proofOfWork(): ConfigGroups['proofOfWork'] {
    return groupsFor(this).proofOfWork;
  }
  get privacy(): ConfigGroups['privacy'] {
    return groupsFor(this).privacy;
  }
  get graphql(): ConfigGroups['graphql'] {
    return groupsFor(this).graphql;
  }
  get staff(): ConfigGroups['staff'] {
    return groupsFor(this).staff;
  }
  get retention(): ConfigGroups['retention'] {
    return groupsFor(this).retention;
  }
  get notifications(): ConfigGroups['notifications'] {
    return groupsFor(this).notifications;
  }
  get mail(): ConfigGroups['mail'] {
    return groupsFor(this).mail;
  }
  get metrics(): ConfigGroups['metrics'] {
    return groupsFor(this).metrics;
  }
  get logging(): ConfigGroups['logging'] {
    return groupsFor(this).logging;
  }
  get studio(): ConfigGroups['studio'] {
    return groupsFor(this).studio;
  }
  get site(): ConfigGroups['site'] {
    return groupsFor(this).site;
  }
}

/** The company settings the API publishes. */
const PUBLISHED_COMPANY = ['name', 'address', 'taxId', 'email'] as const;

/**
 * Why the API must not serve in production: the company data it publishes
 * (the confirmation email's footer) are the examples, each setting named.
 * Checked when the server starts, not by every command that reads the settings.
 */
export function exampleCompanyRefusal(config: AppConfig): string | undefined {
  if (!config.isProduction || config.PUBLISH_EXAMPLE_COMPANY) return undefined;
  return examplesToPublish(config as unknown as Record<string, string | undefined>, PUBLISHED_COMPANY);
}

/** Why the API must not serve in production: the suppression list's key is unset (its hashes would be the development key's). */
export function suppressionKeyRefusal(config: AppConfig): string | undefined {
  if (!config.isProduction || config.SUPPRESSION_HASH_KEY) return undefined;
  return (
    'SUPPRESSION_HASH_KEY is unset: the privacy centre stores opted-out advertising IDs as keyed hashes and production needs a ' +
    'key of its own, shared with the pipeline that builds the audiences (e.g. openssl rand -hex 32).'
  );
}

/** The host of Google's key sets, the only one production takes for FIREBASE_JWKS_URL. */
const GOOGLE_KEY_SET_HOST = 'www.googleapis.com';

function isGoogleKeySet(keySetUrl: string): boolean {
  try {
    const url = new URL(keySetUrl);
    return url.protocol === 'https:' && url.hostname === GOOGLE_KEY_SET_HOST && !url.port && !url.username;
  } catch {
    return false;
  }
}

/**
 * Why the Auth emulator's unsigned tokens must not be taken with these settings: only a local demo may, a `demo-`
 * project (Firebase's emulator-only convention) with the emulator and the API both on loopback, never production.
 */
export function emulatorRefusal(config: AppConfig): string | undefined {
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulator) return undefined;
  const risk = "the emulator's tokens are unsigned, so anybody who reaches the API could sign in as staff";
  if (config.isProduction) {
    return (
      `FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production: ${risk}. ` +
      'Unset it and set FIREBASE_PROJECT_ID to the real Firebase project.'
    );
  }
  if (!config.FIREBASE_PROJECT_ID?.startsWith('demo-')) {
    return (
      `FIREBASE_AUTH_EMULATOR_HOST is set but FIREBASE_PROJECT_ID (${config.FIREBASE_PROJECT_ID ?? 'unset'}) ` +
      `is no demo- project: ${risk}. ` +
      'A real project signs in through Firebase: unset FIREBASE_AUTH_EMULATOR_HOST (a local demo uses demo-segmentia).'
    );
  }
  if (!isLoopbackHost(emulator.slice(0, emulator.lastIndexOf(':')))) {
    return `FIREBASE_AUTH_EMULATOR_HOST (${emulator}) is not on this machine: ${risk}. Run the emulator on 127.0.0.1.`;
  }
  if (!isLoopbackHost(config.HOST)) {
    return (
      `HOST (${config.HOST}) lets other machines reach the API while FIREBASE_AUTH_EMULATOR_HOST is set: ${risk}. ` +
      "Set HOST=127.0.0.1 (npm start's default), or sign staff in through a real Firebase project."
    );
  }
  return undefined;
}

/** Hosts whose provider the privacy policy must name: the webhook's or the mail server's, and a word of that provider's name. */
const KNOWN_PROCESSORS: { host: RegExp; name: RegExp; provider: string }[] = [
  { host: /(^|\.)slack\.com$/i, name: /slack/i, provider: 'Slack' },
  { host: /(^|\.)(gmail|google|googlemail)\.com$/i, name: /google/i, provider: 'Google' },
  { host: /(^|\.)(office365|outlook)\.com$/i, name: /microsoft/i, provider: 'Microsoft' },
  { host: /(^|\.)(sendgrid\.net|twilio\.com)$/i, name: /twilio|sendgrid/i, provider: 'Twilio SendGrid' },
  { host: /(^|\.)amazonaws\.com$/i, name: /amazon/i, provider: 'Amazon Web Services' },
];

/**
 * Whether the privacy policy names the processors the API really sends leads
 * to (checked when the server starts in production): a configured webhook or
 * mail server needs its processor setting, left at no default of ours for an
 * unknown host, and naming the provider of a known one.
 */
export function processorRefusal(config: AppConfig): string | undefined {
  if (!config.isProduction) return undefined;
  const problems = [
    [
      'NOTIFY_WEBHOOK_URL',
      config.NOTIFY_WEBHOOK_URL,
      'NOTIFY_WEBHOOK_PROCESSOR',
      config.NOTIFY_WEBHOOK_PROCESSOR,
      EXAMPLE_PROCESSORS.webhook,
    ],
    ['SMTP_URL', config.SMTP_URL, 'SMTP_PROCESSOR', config.SMTP_PROCESSOR, EXAMPLE_PROCESSORS.email],
  ].flatMap(([urlVariable, url, variable, name, fallback]) => {
    if (!url) return [];
    const host = new URL(url).hostname;
    // A receiver on this machine (a drill's, a test's) is nobody else's processor.
    if (isLoopbackHost(host)) return [];
    const known = KNOWN_PROCESSORS.find((processor) => processor.host.test(host));
    if (known && !known.name.test(name!))
      return [`${variable} "${name}" must name ${known.provider}, which ${urlVariable} (${host}) sends to`];
    if (!known && name === fallback)
      return [`${variable} must name the provider behind ${urlVariable} (${host}), as the privacy policy lists it`];
    return [];
  });
  return problems.length ? `The privacy policy would name the wrong processors: ${problems.join('; ')}.` : undefined;
}

export { ConfigError };

/** The API's settings from `env` (process.env by default), validated: a bad value is a ConfigError naming its variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): AppConfig => loadSettings(AppConfig, env);

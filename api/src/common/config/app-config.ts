import { NotificationChannel } from '../../generated/prisma/enums';
import { type Company, companyFrom, companySettingsOf } from '@segmentia/contracts/company';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

/** A Node.js timer's longest delay (2^31 - 1 ms); longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_TIMER_MINUTES = Math.floor(MAX_TIMER_MS / 60_000);

export enum Environment {
  Development = 'development',
  Production = 'production',
  Test = 'test',
}

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * Every setting of the API, read from the environment and validated at start:
 * a bad value stops the process with a message that names the variable.
 * Defaults here are the ones `.env.example` lists.
 */
export class AppConfig {
  /** Unset: production (no error details, no explorer, no introspection); `npm start` asks for development. */
  @IsEnum(Environment)
  NODE_ENV: Environment = Environment.Production;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 4000;

  @IsString()
  HOST = '0.0.0.0';

  /** Set by `npm start` to the embedded PostgreSQL when not given. */
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgresql:// connection URL' })
  DATABASE_URL = '';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_SIZE = 10;

  /** Longest wait for a connection or a query before answering SERVICE_UNAVAILABLE. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(30000)
  DATABASE_TIMEOUT_MS = 2000;

  /** Origins allowed to call the API from a browser (CORS), comma-separated. */
  @Transform(toList)
  @ArrayNotEmpty()
  @IsUrl({ require_tld: false, require_protocol: true }, { each: true })
  SITE_ORIGINS: string[] = ['http://localhost:8000'];

  /** Shared rate-limit storage for several replicas; in memory when unset. */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string = undefined;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  CONTACT_RATE_LIMIT_PER_MINUTE = 5;

  /**
   * Bots out without a captcha: the contact form's proof of work (ALTCHA).
   * The secret signs the challenges; set the same one on every replica (`npm
   * run prod` makes one for its replicas). Unset: a random one per process,
   * so challenges issued before a restart are refused (the form asks again).
   */
  @IsOptional()
  @MinLength(32, { message: 'ALTCHA_HMAC_SECRET must be at least 32 characters' })
  ALTCHA_HMAC_SECRET?: string = undefined;

  /** PBKDF2 iterations per attempt: what one guess costs the browser (and the API, once per challenge). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  ALTCHA_COST = 5_000;

  /** The most attempts a challenge needs (its counter is drawn between a third of this and this). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  ALTCHA_MAX_COUNTER = 3_000;

  /** How long a challenge may be used: a visitor may leave the form open for a while. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(7 * 24 * 60)
  ALTCHA_EXPIRES_MINUTES = 24 * 60;

  /** The time trap: a request sent sooner than this after its form's challenge was issued is kept as spam. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600)
  CONTACT_MIN_FILL_SECONDS = 3;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  CONSENT_RATE_LIMIT_PER_MINUTE = 30;

  /** Express "trust proxy": the number of proxies in front (0 = none), so rate limits see the visitor's IP. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  TRUST_PROXY_HOPS = 0;

  @Transform(toInt)
  @IsInt()
  @Min(2)
  GRAPHQL_MAX_DEPTH = 20;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  GRAPHQL_MAX_COMPLEXITY = 200;

  /** Aliases, `__typename` included. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  GRAPHQL_MAX_ALIASES = 15;

  /** Tokens of an operation's text: a longer document is refused while it is parsed, before anything runs. */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  GRAPHQL_MAX_TOKENS = 2000;

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must be a size such as 100kb' })
  BODY_LIMIT = '100kb';

  /**
   * Version of the terms and privacy policy a contact request accepts: the
   * date they took effect, which the legal pages show as their last update.
   */
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: 'TERMS_VERSION must be the date the terms took effect, as YYYY-MM-DD (e.g. 2026-11-01)',
  })
  TERMS_VERSION = '2026-11-01';

  /** The GraphQL explorer page (Apollo Sandbox landing page); never in production. */
  @Transform(toBool)
  @IsBoolean()
  GRAPHQL_EXPLORER = true;

  /** The Firebase project whose ID tokens sign staff in; unset: nobody can read leads. */
  @IsOptional()
  @Matches(/^[a-z0-9-]{4,40}$/, { message: 'FIREBASE_PROJECT_ID must be a Firebase project id such as segmentia-prod' })
  FIREBASE_PROJECT_ID?: string = undefined;

  /** The public keys that sign Firebase ID tokens (JSON Web Key Set). */
  @IsUrl({ require_tld: false, require_protocol: true })
  FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

  /** Email domains whose verified accounts are staff without the `role: "sales"` claim, comma-separated. */
  @Transform(toList)
  @Matches(/^[a-z0-9.-]+\.[a-z]{2,}$/i, { each: true, message: 'STAFF_EMAIL_DOMAINS must list domains such as segmentia.es' })
  STAFF_EMAIL_DOMAINS: string[] = [];

  /** Leads older than this are erased by a scheduled job (the privacy policy states it). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(120)
  LEAD_RETENTION_MONTHS = 24;

  /** Rows of the hidden honeypot (spam) are erased this many days after they arrive (the privacy policy states it). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  SPAM_RETENTION_DAYS = 30;

  /** Records of cookie decisions are erased this many months after the decision (the privacy policy states it). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(120)
  CONSENT_RETENTION_MONTHS = 36;

  /** How often the retention job runs (it also runs at start); a Node.js timer holds at most 24.8 days. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(MAX_TIMER_MINUTES, { message: `RETENTION_INTERVAL_MINUTES must be at most ${MAX_TIMER_MINUTES} (a timer's longest delay)` })
  RETENTION_INTERVAL_MINUTES = 60;

  /** New leads are posted here as Slack-compatible JSON ({ text, blocks }). */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'NOTIFY_WEBHOOK_URL must be an http(s) URL' })
  NOTIFY_WEBHOOK_URL?: string = undefined;

  /** Who receives the webhook's messages, as the privacy policy names this processor in every language (legal names and countries). */
  @IsString()
  @MinLength(3)
  NOTIFY_WEBHOOK_PROCESSOR = 'Slack Technologies Limited (IE) / Salesforce, Inc. (US)';

  /** The email provider that carries the emails, as the privacy policy names this processor. */
  @IsString()
  @MinLength(3)
  SMTP_PROCESSOR = 'Google Ireland Limited (IE) / Google LLC (US), Google Workspace';

  /** Email for new leads and the prospects' confirmations, e.g. smtps://user:password@smtp.example.com:465; unset: no email. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string = undefined;

  @Transform(toList)
  @IsEmail({}, { each: true, message: 'NOTIFY_EMAIL_TO must list email addresses' })
  NOTIFY_EMAIL_TO: string[] = [];

  @IsString()
  NOTIFY_EMAIL_FROM = 'Segmentia <no-reply@segmentia.es>';

  /** How often the notification worker looks for deliveries due (a new lead wakes it at once). */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  NOTIFY_POLL_INTERVAL_MS = 10_000;

  /** First retry delay; each failure doubles it, up to NOTIFY_RETRY_MAX_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  NOTIFY_RETRY_BASE_MS = 30_000;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(MAX_TIMER_MS)
  NOTIFY_RETRY_MAX_MS = 3_600_000;

  /** How long a worker holds a notification it is sending; a replica that dies frees its rows after this. Longer than any send. */
  @Transform(toInt)
  @IsInt()
  @Min(15)
  @Max(3600)
  NOTIFY_LEASE_SECONDS = 120;

  /** Where a notification links to the lead: the site's staff page. */
  @IsUrl({ require_tld: false, require_protocol: true })
  STAFF_PAGE_URL = 'http://localhost:8000/staff/';

  /** Prometheus metrics (/metrics) on a port of their own, never behind nginx; 0 turns them off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  /** On SIGTERM, how long readiness says "draining" before the server stops accepting connections. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  SHUTDOWN_GRACE_MS = 0;

  @IsEnum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  })
  LOG_LEVEL = 'info';

  /** json: one object per line (production); pretty: coloured lines for a terminal. Unset: pretty outside production. */
  @IsOptional()
  @IsEnum(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty' })
  LOG_FORMAT?: 'json' | 'pretty' = undefined;

  // --- Read by `npm start`, `npm run prod`, `npm run studio` and the tests, not by the API itself ---

  /** Where `npm start` serves the built site. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  SITE_PORT = 8000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_POSTGRES_PORT = 54329;

  /** The embedded PostgreSQL's data folder, relative to the repository. */
  @IsString()
  EMBEDDED_POSTGRES_DIR = '.data/postgres';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  STUDIO_PORT = 5555;

  /** `npm run prod`: nginx's ports (HTTP redirects to HTTPS). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PROD_HTTP_PORT = 8080;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  PROD_HTTPS_PORT = 8443;

  /** The API the site's build reads from; the API the visitor's browser calls; the site's public address. Unset: derived from the ports. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'SITE_API_URL must be an http(s) URL' })
  SITE_API_URL?: string = undefined;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'GATSBY_API_URL must be an http(s) URL' })
  GATSBY_API_URL?: string = undefined;

  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true }, { message: 'GATSBY_SITE_URL must be an http(s) URL' })
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

  get company(): Company {
    return companyFrom(companySettingsOf(this as unknown as Record<string, string | undefined>));
  }

  /** The public site, for links in emails: GATSBY_SITE_URL, or the first of SITE_ORIGINS. */
  get siteUrl(): string {
    return (this.GATSBY_SITE_URL ?? this.SITE_ORIGINS[0]!).replace(/\/$/, '');
  }

  get isProduction(): boolean {
    return this.NODE_ENV === Environment.Production;
  }

  /** The channels new leads are announced on, in delivery order. */
  get notificationChannels(): NotificationChannel[] {
    return [
      ...(this.NOTIFY_WEBHOOK_URL ? [NotificationChannel.WEBHOOK] : []),
      ...(this.SMTP_URL && this.NOTIFY_EMAIL_TO.length ? [NotificationChannel.EMAIL] : []),
      // The prospect's own confirmation, whenever email can be sent.
      ...(this.SMTP_URL ? [NotificationChannel.CONFIRMATION] : []),
    ];
  }
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = new Set(Object.keys(new AppConfig()));
  // An empty variable counts as unset, as in most shells' and compose files' habits.
  const values = Object.fromEntries(Object.entries(env).filter(([key, value]) => known.has(key) && value !== ''));
  const config = plainToInstance(AppConfig, values, { exposeDefaultValues: true });
  const errors = validateSync(config);
  if (errors.length) {
    const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}).map((message) => `  ${error.property}: ${message}`));
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}

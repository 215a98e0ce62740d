/**
 * The API's settings grouped by concern (as immich's EnvData over its EnvDto): mapped once from the flat, validated
 * AppConfig, whose fields keep the variables' names for their messages. Code reads `config.database.url`,
 * `config.staff.emailDomains`…; the flat fields stay for validation, the docs and the checks that name a variable.
 */
import { NotificationChannel } from '../../generated/prisma/enums';
import type { AppConfig } from './app-config';

export function groupsOf(config: AppConfig) {
  const isProduction = config.NODE_ENV === 'production';
  return {
    environment: { name: config.NODE_ENV, isProduction },
    http: {
      port: config.PORT,
      host: config.HOST,
      bodyLimit: config.BODY_LIMIT,
      trustProxyHops: config.TRUST_PROXY_HOPS,
      /** Origins allowed to call the API from a browser (CORS). */
      siteOrigins: config.SITE_ORIGINS,
      shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    },
    database: { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, timeoutMs: config.DATABASE_TIMEOUT_MS },
    rateLimits: {
      /** Shared counters for several replicas; in memory when unset. */
      redisUrl: config.REDIS_URL,
      contactPerMinute: config.CONTACT_RATE_LIMIT_PER_MINUTE,
      queryPerMinute: config.QUERY_RATE_LIMIT_PER_MINUTE,
      searchPerMinute: config.SEARCH_RATE_LIMIT_PER_MINUTE,
      challengePerMinute: config.CHALLENGE_RATE_LIMIT_PER_MINUTE,
      consentPerMinute: config.CONSENT_RATE_LIMIT_PER_MINUTE,
      myDataPerMinute: config.MY_DATA_RATE_LIMIT_PER_MINUTE,
      myDataLinksPerHour: config.MY_DATA_LINKS_PER_HOUR,
    },
    proofOfWork: {
      hmacSecret: config.ALTCHA_HMAC_SECRET,
      cost: config.ALTCHA_COST,
      difficulty: config.ALTCHA_DIFFICULTY,
      expiresMinutes: config.ALTCHA_EXPIRES_MINUTES,
      minFillSeconds: config.CONTACT_MIN_FILL_SECONDS,
    },
    privacy: { suppressionHashKey: config.suppressionHashKey, allowDevelopmentSecrets: config.ALLOW_DEVELOPMENT_SECRETS === true },
    graphql: {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxComplexity: config.GRAPHQL_MAX_COMPLEXITY,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      /** Whether /graphql serves the IDE to a browser. */
      ide: config.GRAPHQL_IDE ?? !isProduction,
      termsVersion: config.TERMS_VERSION,
    },
    staff: {
      firebaseProjectId: config.FIREBASE_PROJECT_ID,
      jwksUrl: config.FIREBASE_JWKS_URL,
      authEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
      emailDomains: config.STAFF_EMAIL_DOMAINS,
      signInProviders: config.STAFF_SIGN_IN_PROVIDERS,
      accountCheckSeconds: config.STAFF_ACCOUNT_CHECK_SECONDS,
      /** Where a notification links to the lead. */
      pageUrl: config.STAFF_PAGE_URL,
    },
    retention: {
      leadMonths: config.LEAD_RETENTION_MONTHS,
      spamDays: config.SPAM_RETENTION_DAYS,
      consentMonths: config.CONSENT_RETENTION_MONTHS,
      intervalMinutes: config.RETENTION_INTERVAL_MINUTES,
    },
    notifications: {
      /** The channels new leads are announced on, in delivery order. */
      channels: [
        ...(config.NOTIFY_WEBHOOK_URL ? [NotificationChannel.WEBHOOK] : []),
        ...(config.SMTP_URL && config.NOTIFY_EMAIL_TO.length ? [NotificationChannel.EMAIL] : []),
        // The prospect's own confirmation, whenever email can be sent.
        ...(config.SMTP_URL ? [NotificationChannel.CONFIRMATION] : []),
      ],
      webhookUrl: config.NOTIFY_WEBHOOK_URL,
      webhookProcessor: config.NOTIFY_WEBHOOK_PROCESSOR,
      pollIntervalMs: config.NOTIFY_POLL_INTERVAL_MS,
      retryBaseMs: config.NOTIFY_RETRY_BASE_MS,
      retryMaxMs: config.NOTIFY_RETRY_MAX_MS,
      leaseSeconds: config.NOTIFY_LEASE_SECONDS,
    },
    mail: { smtpUrl: config.SMTP_URL, smtpProcessor: config.SMTP_PROCESSOR, to: config.NOTIFY_EMAIL_TO, from: config.NOTIFY_EMAIL_FROM },
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST },
    logging: { level: config.LOG_LEVEL, format: config.LOG_FORMAT ?? (isProduction ? 'json' : 'pretty') },
    /** `npm run studio`: its port, and the connection it reads through (unset: DATABASE_URL as the sales reader). */
    studio: { port: config.STUDIO_PORT, databaseUrl: config.STUDIO_DATABASE_URL },
    /** The public site, for links in emails: GATSBY_SITE_URL, or the first of SITE_ORIGINS. */
    site: { url: (config.GATSBY_SITE_URL ?? config.SITE_ORIGINS[0]!).replace(/\/$/, '') },
  };
}

export type ConfigGroups = ReturnType<typeof groupsOf>;

const mapped = new WeakMap<AppConfig, ConfigGroups>();

/** The groups of `config`, mapped the first time they are asked for. */
export function groupsFor(config: AppConfig): ConfigGroups {
  let groups = mapped.get(config);
  if (!groups) mapped.set(config, (groups = groupsOf(config)));
  return groups;
}

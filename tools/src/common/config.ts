/**
 * The settings of what runs the whole product (npm start, npm run prod, the
 * commands on the embedded PostgreSQL): the API's, which its processes read,
 * and the ones only the tools read. Validated together at start, so a bad value
 * fails before anything starts, with a message that names its variable.
 */
import { AppConfig, IntSetting, loadSettings, Port, UrlSetting } from '@segmentia/api/config';
import { IsOptional, IsString, Matches } from 'class-validator';
import { DEFAULT_AUTH_EMULATOR_PORT } from '@segmentia/api/auth';

export class ToolsConfig extends AppConfig {
  /** Where `npm start` serves the built site. */
  @Port()
  SITE_PORT = 8000;

  @Port()
  EMBEDDED_POSTGRES_PORT = 54329;

  /** The embedded PostgreSQL's data folder, relative to the repository. */
  @IsString()
  EMBEDDED_POSTGRES_DIR = '.data/postgres';

  /**
   * `npm run prod`'s backups of the embedded PostgreSQL (archived WAL, base backups, the erasure ledger), relative
   * to the repository or absolute: put it on another disk than EMBEDDED_POSTGRES_DIR.
   */
  @IsString()
  BACKUP_DIR = '.data/backups';

  /**
   * Base backups older than this many days are deleted, with the archived WAL no kept one needs (backup/prune.ts),
   * after each base backup; the newest is always kept. The privacy policy says backups are kept 30 days.
   */
  @IntSetting(1, 3650)
  BACKUP_RETENTION_DAYS = 30;

  /**
   * The key the backups are encrypted with (AES-256-GCM; 64 hex digits: `openssl rand -hex 32`). Unset: a key made
   * once in .data/backup-encryption.key (backup/encryption.ts). Keep a copy away from the backups.
   */
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'BACKUP_ENCRYPTION_KEY must be 64 hexadecimal digits (openssl rand -hex 32)' })
  BACKUP_ENCRYPTION_KEY?: string = undefined;

  /** `npm run prod`: nginx's ports (HTTP redirects to HTTPS). */
  @Port()
  PROD_HTTP_PORT = 8080;

  @Port()
  PROD_HTTPS_PORT = 8443;

  /** The API the site's build reads from, and the API the visitor's browser calls. Unset: derived from the ports. */
  @UrlSetting({ optional: true })
  SITE_API_URL?: string = undefined;

  @UrlSetting({ optional: true })
  GATSBY_API_URL?: string = undefined;

  /**
   * `npm start` without FIREBASE_PROJECT_ID: the Firebase Auth emulator's
   * port; its hub and its log take the next two.
   */
  @Port()
  AUTH_EMULATOR_PORT = DEFAULT_AUTH_EMULATOR_PORT;

  /** `npm start` without SMTP_URL: the mail catcher's SMTP port and its web inbox. */
  @Port()
  MAIL_CATCHER_SMTP_PORT = 1025;

  @Port()
  MAIL_CATCHER_WEB_PORT = 1080;
}

/**
 * The tools' and the API's settings from `env`, before the database is known
 * (DATABASE_URL may be unset: the embedded PostgreSQL then serves).
 */
export const loadToolsConfig = (env: Record<string, string | undefined> = process.env): ToolsConfig =>
  loadSettings(ToolsConfig, { ...env, DATABASE_URL: env.DATABASE_URL || 'postgresql://embedded' });

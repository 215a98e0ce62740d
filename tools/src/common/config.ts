/**
 * The settings of what runs the whole product (npm start, npm run prod, the
 * commands on the embedded PostgreSQL): the API's, which its processes read,
 * and the ones only the tools read. Validated together at start, so a bad value
 * fails before anything starts, with a message that names its variable.
 */
import { AppConfig, IntSetting, loadSettings, Port, toList, UrlSetting } from '@segmentia/api/config';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { DEFAULT_AUTH_EMULATOR_PORT } from '@segmentia/api/auth';

export class ToolsConfig extends AppConfig {
  /** The API's setting, but optional here: unset, the tools start the embedded PostgreSQL (read as `postgres.url`). */
  @ValidateIf((config: ToolsConfig) => config.DATABASE_URL !== '')
  override DATABASE_URL = '';

  /** Where `npm start` serves the built site. */
  @Port()
  SITE_PORT = 8000;

  @Port()
  EMBEDDED_POSTGRES_PORT = 54329;

  /** The embedded PostgreSQL's data folder, relative to the repository. */
  @IsString()
  EMBEDDED_POSTGRES_DIR = '.data/postgres';

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

  // --- Images, drills and benchmarks (the tests' own: test-settings.ts) ---
  /** The public address the web image serves (`npm run images`, the web image's site build). */
  @UrlSetting({ optional: true })
  SITE_URL?: string = undefined;

  /** Leads the drills write. */
  @IntSetting(1)
  DRILL_LEADS = 10_000;

  /** `npm run bench:api`: the API's port and how long each load runs. */
  @Port()
  BENCH_PORT = 4100;

  @IntSetting(1)
  BENCH_SECONDS = 10;

  /** `npm run bench:site`: runs per page, the pages (comma-separated paths; unset: every language's), a build to compare. */
  @IntSetting(1)
  BENCH_RUNS = 3;

  @IsOptional()
  @Transform(toList)
  @Matches(/^\//, { each: true, message: 'BENCH_PAGES must list paths such as /es/,/en/contact/' })
  BENCH_PAGES?: string[] = undefined;

  @IsOptional()
  @IsString()
  BENCH_AGAINST?: string = undefined;

  /** `npm run bench:leads`: how many leads its database is seeded with. */
  @IntSetting(1000)
  BENCH_LEADS = 1_000_000;

  // --- The tools' settings grouped by concern, as the API's (config-groups.ts) ---
  /** The product's PostgreSQL: DATABASE_URL, or (url unset) the embedded one. */
  get postgres() {
    return {
      url: this.DATABASE_URL || undefined,
      embedded: { port: this.EMBEDDED_POSTGRES_PORT, dir: this.EMBEDDED_POSTGRES_DIR },
    };
  }

  /** The site `npm start` builds and serves. */
  get siteBuild() {
    return { port: this.SITE_PORT, buildApiUrl: this.SITE_API_URL, browserApiUrl: this.GATSBY_API_URL, siteUrl: this.GATSBY_SITE_URL };
  }

  /** What `npm start` runs when no Firebase project or mail server is set. */
  get localServices() {
    return {
      authEmulatorPort: this.AUTH_EMULATOR_PORT,
      mailSmtpPort: this.MAIL_CATCHER_SMTP_PORT,
      mailWebPort: this.MAIL_CATCHER_WEB_PORT,
    };
  }

  get bench() {
    return {
      port: this.BENCH_PORT,
      seconds: this.BENCH_SECONDS,
      runs: this.BENCH_RUNS,
      pages: this.BENCH_PAGES,
      against: this.BENCH_AGAINST,
      leads: this.BENCH_LEADS,
    };
  }
}

/**
 * The tools' and the API's settings from `env`, before the database is known
 * (DATABASE_URL may be unset: the embedded PostgreSQL then serves).
 */
export const loadToolsConfig = (env: Record<string, string | undefined> = process.env): ToolsConfig => loadSettings(ToolsConfig, env);

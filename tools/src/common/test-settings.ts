/**
 * The test runs' own settings (the browser, the API tests' Redis and PostgreSQL, the browser tests' stack), apart from
 * the product's: a test process validates these alone, whatever the environment its global setup gave the API.
 */
import { loadSettings, Port } from '@segmentia/api/config';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';

export class TestSettings {
  /** The browser the tests and the benchmarks launch; unset: Debian's chromium, installed when missing. */
  @IsOptional()
  @IsString()
  CHROMIUM_PATH?: string = undefined;

  /** The API tests' Redis (a redis-server of their own when it does not answer) and their embedded PostgreSQL's port. */
  @Matches(/^rediss?:\/\//, { message: 'TEST_REDIS_URL must be a redis:// or rediss:// URL' })
  TEST_REDIS_URL = 'redis://127.0.0.1:6379';

  @Port()
  TEST_EMBEDDED_POSTGRES_PORT = 54339;

  /** The browser tests' stack: the API's, the site's, the Auth emulator's and the embedded PostgreSQL's ports. */
  @Port()
  E2E_API_PORT = 4100;

  @Port()
  E2E_SITE_PORT = 8100;

  @Port()
  E2E_AUTH_EMULATOR_PORT = 9199;

  @Port()
  E2E_EMBEDDED_POSTGRES_PORT = 54349;

  /** E2E_REUSE_BUILD=1 (or true): the browser tests serve the site already built in site/public. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value,
  )
  @IsBoolean({ message: 'E2E_REUSE_BUILD must be 1 or true (0, false or unset: build)' })
  E2E_REUSE_BUILD?: boolean = undefined;

  get grouped() {
    return {
      chromiumPath: this.CHROMIUM_PATH,
      redisUrl: this.TEST_REDIS_URL,
      embeddedPostgresPort: this.TEST_EMBEDDED_POSTGRES_PORT,
      e2e: {
        apiPort: this.E2E_API_PORT,
        sitePort: this.E2E_SITE_PORT,
        authEmulatorPort: this.E2E_AUTH_EMULATOR_PORT,
        embeddedPostgresPort: this.E2E_EMBEDDED_POSTGRES_PORT,
        reuseBuild: this.E2E_REUSE_BUILD === true,
      },
    };
  }
}

export const loadTestSettings = (env: Record<string, string | undefined> = process.env) => loadSettings(TestSettings, env).grouped;

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  DEVELOPMENT_SECRETS,
  Environment,
  exampleCompanyRefusal,
  loadConfig,
  processorRefusal,
  suppressionKeyRefusal,
} from './app-config';

const DATABASE_URL = 'postgresql://segmentia@127.0.0.1:5432/segmentia';

describe('loadConfig', () => {
  it('fills every setting left unset with its documented default', () => {
    const config = loadConfig({ DATABASE_URL });
    expect(config).toMatchObject({
      NODE_ENV: Environment.Production,
      PORT: 4000,
      SITE_ORIGINS: ['http://localhost:8000'],
      CONTACT_RATE_LIMIT_PER_MINUTE: 5,
      REDIS_URL: undefined,
      BODY_LIMIT: '100kb',
    });
    // Secure by default: development is asked for, never assumed.
    expect(config.isProduction).toBe(true);
  });

  it('reads numbers, lists and booleans from their text', () => {
    const config = loadConfig({
      DATABASE_URL,
      PORT: '8080',
      SITE_ORIGINS: 'https://segmentia.example, https://www.segmentia.example',
      GRAPHQL_IDE: 'true',
      NODE_ENV: 'production',
    });
    expect(config.PORT).toBe(8080);
    expect(config.SITE_ORIGINS).toEqual(['https://segmentia.example', 'https://www.segmentia.example']);
    expect(config.graphqlIde).toBe(true);
    expect(config.isProduction).toBe(true);
  });

  it('serves the GraphQL IDE outside production unless told, and in production only when told', () => {
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'development' }).graphqlIde).toBe(true);
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'development', GRAPHQL_IDE: 'false' }).graphqlIde).toBe(false);
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'production' }).graphqlIde).toBe(false);
  });

  it('takes the Firebase Auth emulator in a local demo only: a demo- project, the emulator and HOST on loopback, not production', () => {
    const emulator = {
      DATABASE_URL,
      HOST: '127.0.0.1',
      FIREBASE_PROJECT_ID: 'demo-segmentia',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    };
    expect(loadConfig({ ...emulator, NODE_ENV: 'development' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
    for (const local of [
      { HOST: 'localhost', FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099' },
      { HOST: '::1', FIREBASE_AUTH_EMULATOR_HOST: '[::1]:9099' },
      { HOST: '127.0.0.2', FIREBASE_AUTH_EMULATOR_HOST: '127.8.0.1:9099' },
    ]) {
      expect(loadConfig({ ...emulator, NODE_ENV: 'test', ...local }).FIREBASE_AUTH_EMULATOR_HOST).toBe(local.FIREBASE_AUTH_EMULATOR_HOST);
    }
    const refused: [Record<string, string | undefined>, RegExp][] = [
      [{ NODE_ENV: 'production' }, /FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production: the emulator's tokens are unsigned/],
      [
        { FIREBASE_PROJECT_ID: 'segmentia-prod' },
        /FIREBASE_PROJECT_ID \(segmentia-prod\) is no demo- project: the emulator's tokens are unsigned/,
      ],
      [{ FIREBASE_PROJECT_ID: undefined }, /FIREBASE_PROJECT_ID \(unset\) is no demo- project/],
      [{ FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099' }, /FIREBASE_AUTH_EMULATOR_HOST \(10\.0\.0\.5:9099\) is not on this machine/],
      [{ FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099' }, /FIREBASE_AUTH_EMULATOR_HOST \(auth-emulator:9099\) is not on this machine/],
      [{ HOST: undefined }, /HOST \(0\.0\.0\.0\) lets other machines reach the API while FIREBASE_AUTH_EMULATOR_HOST is set/],
      [{ HOST: '::' }, /HOST \(::\) lets other machines reach the API/],
      [{ HOST: '192.168.1.20' }, /HOST \(192\.168\.1\.20\) lets other machines reach the API/],
      [{ FIREBASE_AUTH_EMULATOR_HOST: 'http://x' }, /host:port/],
    ];
    for (const [settings, message] of refused) {
      for (const NODE_ENV of settings.NODE_ENV ? [settings.NODE_ENV] : ['development', 'test']) {
        expect(() => loadConfig({ ...emulator, ...settings, NODE_ENV })).toThrow(ConfigError);
        expect(() => loadConfig({ ...emulator, ...settings, NODE_ENV })).toThrow(message);
      }
    }
  });

  it("takes only Google's key set over https in production (FIREBASE_JWKS_URL)", () => {
    const production = { DATABASE_URL, NODE_ENV: 'production' };
    expect(loadConfig(production).FIREBASE_JWKS_URL).toMatch(/^https:\/\/www\.googleapis\.com\//);
    for (const url of [
      'http://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
      'https://keys.example.com/jwks',
      'https://www.googleapis.com.evil.example/jwks',
      'https://www.googleapis.com:8443/jwks',
      'http://127.0.0.1:9/jwks',
    ]) {
      expect(() => loadConfig({ ...production, FIREBASE_JWKS_URL: url })).toThrow(/FIREBASE_JWKS_URL must be Google's key set over https/);
    }
    // A test's own key set, outside production.
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'test', FIREBASE_JWKS_URL: 'http://127.0.0.1:9/jwks' }).FIREBASE_JWKS_URL).toBe(
      'http://127.0.0.1:9/jwks',
    );
  });

  it('reads the staff sign-in providers and the account check period, which production cannot turn off', () => {
    expect(loadConfig({ DATABASE_URL })).toMatchObject({
      STAFF_SIGN_IN_PROVIDERS: ['google.com', 'password'],
      STAFF_ACCOUNT_CHECK_SECONDS: 300,
    });
    expect(loadConfig({ DATABASE_URL, STAFF_SIGN_IN_PROVIDERS: 'google.com' }).STAFF_SIGN_IN_PROVIDERS).toEqual(['google.com']);
    expect(() => loadConfig({ DATABASE_URL, STAFF_SIGN_IN_PROVIDERS: ' , ' })).toThrow(/STAFF_SIGN_IN_PROVIDERS must list at least one/);
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'test', STAFF_ACCOUNT_CHECK_SECONDS: '0' }).STAFF_ACCOUNT_CHECK_SECONDS).toBe(0);
    expect(() => loadConfig({ DATABASE_URL, NODE_ENV: 'production', STAFF_ACCOUNT_CHECK_SECONDS: '0' })).toThrow(
      /STAFF_ACCOUNT_CHECK_SECONDS=0 turns off the check of revoked and disabled staff accounts/,
    );
  });

  it('refuses to serve in production with the example company data it publishes, naming each setting, unless they are meant', () => {
    const real = {
      GATSBY_COMPANY_NAME: 'Segmentia Audiences, S.L.',
      GATSBY_COMPANY_ADDRESS: 'Calle Mayor 1, 28013 Madrid, España',
      GATSBY_COMPANY_EMAIL: 'hello@segmentia.example',
    };
    expect(exampleCompanyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'production', ...real }))).toMatch(
      /^The company's data are still the examples.*: set GATSBY_COMPANY_TAX_ID to the company's real values/,
    );
    expect(exampleCompanyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'production' }))).toContain(
      'GATSBY_COMPANY_NAME, GATSBY_COMPANY_ADDRESS, GATSBY_COMPANY_TAX_ID, GATSBY_COMPANY_EMAIL',
    );
    expect(exampleCompanyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'production', ...real, GATSBY_COMPANY_TAX_ID: 'A58818501' }))).toBe(
      undefined,
    );
    expect(exampleCompanyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'production', PUBLISH_EXAMPLE_COMPANY: 'true' }))).toBe(undefined);
    expect(exampleCompanyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'development' }))).toBe(undefined);
  });

  it('refuses to serve in production when the privacy policy would name the wrong processor, naming the setting', () => {
    const production = { DATABASE_URL, NODE_ENV: 'production' };
    expect(processorRefusal(loadConfig(production))).toBeUndefined();
    const slack = { ...production, NOTIFY_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/x' };
    expect(processorRefusal(loadConfig(slack))).toBeUndefined();
    expect(processorRefusal(loadConfig({ ...slack, NOTIFY_WEBHOOK_PROCESSOR: 'Microsoft Ireland (Teams)' }))).toMatch(
      /NOTIFY_WEBHOOK_PROCESSOR "Microsoft Ireland \(Teams\)" must name Slack, which NOTIFY_WEBHOOK_URL \(hooks\.slack\.com\) sends to/,
    );
    const otherMail = { ...production, SMTP_URL: 'smtps://user:secret@mail.example.net:465' };
    expect(processorRefusal(loadConfig(otherMail))).toMatch(/SMTP_PROCESSOR must name the provider behind SMTP_URL \(mail\.example\.net\)/);
    expect(processorRefusal(loadConfig({ ...otherMail, SMTP_PROCESSOR: 'Example Mail GmbH (DE)' }))).toBeUndefined();
    expect(processorRefusal(loadConfig({ ...otherMail, NODE_ENV: 'development' }))).toBeUndefined();
    expect(processorRefusal(loadConfig({ ...production, NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9000/hook' }))).toBeUndefined();
  });

  it('refuses in production an SMTP_URL that could send in clear text, naming it; smtps://, requireTLS=true or this machine pass', () => {
    const production = { DATABASE_URL, NODE_ENV: 'production', SMTP_PROCESSOR: 'Example Mail GmbH (DE)' };
    for (const cleartext of ['smtp://user:pw@mail.example.net:587', 'smtp://mail.example.net:587?requireTLS=false']) {
      expect(() => loadConfig({ ...production, SMTP_URL: cleartext })).toThrow(
        /SMTP_URL: SMTP_URL may send in clear text \(smtp:\/\/ without requireTLS=true\) in production: use smtps:\/\/…:465, or smtp:/,
      );
      expect(loadConfig({ ...production, SMTP_URL: cleartext, NODE_ENV: 'development' }).SMTP_URL).toBe(cleartext);
    }
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtps://mail.example.net:465?tls.rejectUnauthorized=false' })).toThrow(
      /SMTP_URL turns off the server certificate's check/,
    );
    for (const safe of [
      'smtps://user:pw@mail.example.net:465',
      'smtp://user:pw@mail.example.net:587?requireTLS=true',
      'smtp://127.0.0.1:2525',
    ]) {
      expect(loadConfig({ ...production, SMTP_URL: safe }).SMTP_URL).toBe(safe);
    }
  });

  it.each([
    ['ALTCHA_HMAC_SECRET', 'dev-only-altcha-secret-0123456789abcdef'],
    ['SUPPRESSION_HASH_KEY', 'dev-only-suppression-hash-key-0123456789abcdef'],
    ['REDIS_URL', 'redis://:dev-only-valkey-password@segmentia-valkey:6379'],
    ['SMTP_URL', 'smtps://user:password@smtp.example.com:465'],
    ['DATABASE_URL', 'postgresql://segmentia_api:dev-only-database-password@db:5432/segmentia'],
  ])('refuses in production %s holding a secret this repository publishes, naming it (a local cluster may allow it)', (name, value) => {
    const settings = { DATABASE_URL, [name]: value, SMTP_PROCESSOR: 'Example Mail' };
    expect(() => loadConfig({ ...settings, NODE_ENV: 'production' })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: ${name} holds a secret published in this repository`),
    );
    expect(loadConfig({ ...settings, NODE_ENV: 'development' })).toHaveProperty(name, value);
    expect(loadConfig({ ...settings, NODE_ENV: 'production', ALLOW_DEVELOPMENT_SECRETS: 'true' })).toHaveProperty(name, value);
  });

  it("refuses to serve in production without SUPPRESSION_HASH_KEY, the suppression list's own key; elsewhere a development key", () => {
    expect(suppressionKeyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'production' }))).toMatch(/^SUPPRESSION_HASH_KEY is unset/);
    const key = 'k'.repeat(32);
    expect(suppressionKeyRefusal(loadConfig({ DATABASE_URL, NODE_ENV: 'production', SUPPRESSION_HASH_KEY: key }))).toBeUndefined();
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'production', SUPPRESSION_HASH_KEY: key }).suppressionHashKey).toBe(key);
    const development = loadConfig({ DATABASE_URL, NODE_ENV: 'development' });
    expect(suppressionKeyRefusal(development)).toBeUndefined();
    expect(DEVELOPMENT_SECRETS).toContain(development.suppressionHashKey);
    expect(() => loadConfig({ DATABASE_URL, SUPPRESSION_HASH_KEY: 'short' })).toThrow(
      /SUPPRESSION_HASH_KEY must be at least 32 characters/,
    );
  });

  it('knows every throwaway secret the dev overlay commits, and the overlay alone allows them', () => {
    const overlay = readFileSync(path.join(__dirname, '../../../../deploy/k8s/overlays/dev/kustomization.yaml'), 'utf8');
    const generated = overlay.slice(overlay.indexOf('secretGenerator:'), overlay.indexOf('\npatches:'));
    const values = [...generated.matchAll(/^ +- ([a-z-]+)=(.+)$/gm)].filter(([, key]) => key !== 'username').map((match) => match[2]);
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(values.filter((value) => !DEVELOPMENT_SECRETS.includes(value!))).toEqual([]);
    expect(overlay).toMatch(/^ +- ALLOW_DEVELOPMENT_SECRETS=true$/m);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL, PORT: '', REDIS_URL: '' })).toMatchObject({ PORT: 4000, REDIS_URL: undefined });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/segmentia'],
    ['REDIS_URL', 'localhost:6379'],
    ['SITE_ORIGINS', 'segmentia.example'],
    ['CONTACT_RATE_LIMIT_PER_MINUTE', '0'],
    ['NODE_ENV', 'staging'],
    ['BODY_LIMIT', 'lots'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    const load = () => loadConfig({ DATABASE_URL, [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('requires DATABASE_URL', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL must be a postgresql:\/\/ connection URL/);
  });
});

describe('the settings grouped by concern', () => {
  it('are the flat variables mapped once: the same values under their concern, the same groups each time', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://db/segmentia',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      NOTIFY_EMAIL_TO: 'sales@segmentia.es',
      STAFF_EMAIL_DOMAINS: 'segmentia.es',
      NODE_ENV: 'development',
    });
    expect(config.database).toEqual({ url: 'postgresql://db/segmentia', poolSize: 10, timeoutMs: 2000 });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:1025', to: ['sales@segmentia.es'] });
    expect(config.staff.emailDomains).toEqual(['segmentia.es']);
    expect(config.logging.format).toBe('pretty');
    expect(config.graphql.ide).toBe(true);
    expect(config.site.url).toBe('http://localhost:8000');
    expect(config.notifications.channels).toEqual(['EMAIL', 'CONFIRMATION']);
    expect(config.http).toBe(config.http);
  });
});

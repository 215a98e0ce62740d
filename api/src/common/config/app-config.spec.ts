import { ConfigError, Environment, loadConfig } from './app-config';

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

  it('takes the Firebase Auth emulator outside production and refuses it in production, saying why', () => {
    const emulator = { DATABASE_URL, FIREBASE_PROJECT_ID: 'demo-segmentia', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(loadConfig({ ...emulator, NODE_ENV: 'development' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
    expect(() => loadConfig({ ...emulator, NODE_ENV: 'production' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production: the emulator's tokens are unsigned/,
    );
    expect(() => loadConfig({ ...emulator, NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: 'http://x' })).toThrow(/host:port/);
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

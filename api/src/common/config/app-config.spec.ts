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
      GRAPHQL_EXPLORER: 'false',
      NODE_ENV: 'production',
    });
    expect(config.PORT).toBe(8080);
    expect(config.SITE_ORIGINS).toEqual(['https://segmentia.example', 'https://www.segmentia.example']);
    expect(config.GRAPHQL_EXPLORER).toBe(false);
    expect(config.isProduction).toBe(true);
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

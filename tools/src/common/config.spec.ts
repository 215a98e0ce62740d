import { loadTestSettings } from './test-settings';
import { ConfigError, loadConfig } from '@segmentia/api/config';
import { loadToolsConfig } from './config';

describe('the tools’ settings', () => {
  it('extend the API’s: both validated at once, DATABASE_URL left for the embedded PostgreSQL', () => {
    const config = loadToolsConfig({ SITE_PORT: '8001', PORT: '4001', EMBEDDED_POSTGRES_DIR: '/srv/pg' });
    expect(config).toMatchObject({ SITE_PORT: 8001, PORT: 4001, EMBEDDED_POSTGRES_DIR: '/srv/pg', DRILL_LEADS: 10_000 });
    expect(config.postgres).toEqual({ url: undefined, embedded: { port: 54329, dir: '/srv/pg' } });
    expect(loadToolsConfig({ DATABASE_URL: 'postgresql://db/segmentia' }).postgres.url).toBe('postgresql://db/segmentia');
    expect(() => loadToolsConfig({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL must be a postgresql:\/\/ connection URL/);
  });

  it('refuse a bad port naming its variable, and a bad API setting too', () => {
    expect(() => loadToolsConfig({ SITE_PORT: '70000' })).toThrow(/SITE_PORT: SITE_PORT must not be greater than 65535/);
    expect(() => loadToolsConfig({ SITE_PORT: '0' })).toThrow(ConfigError);
    expect(() => loadToolsConfig({ ALTCHA_COST: 'many' })).toThrow(/ALTCHA_COST/);
    expect(() => loadTestSettings({ E2E_REUSE_BUILD: 'yes' })).toThrow(/E2E_REUSE_BUILD must be 1 or true/);
    expect(loadTestSettings({ E2E_REUSE_BUILD: '1' }).e2e.reuseBuild).toBe(true);
    expect(loadToolsConfig({ BENCH_PAGES: '/es/, /en/' }).bench.pages).toEqual(['/es/', '/en/']);
  });

  it('are none of the API’s: the API process neither reads nor refuses them', () => {
    const api = loadConfig({ DATABASE_URL: 'postgresql://db/segmentia', SITE_PORT: 'not a port', DRILL_LEADS: '-1' });
    expect(api).not.toHaveProperty('SITE_PORT');
    expect(api).not.toHaveProperty('EMBEDDED_POSTGRES_PORT');
    expect(api.PORT).toBe(4000);
  });
});

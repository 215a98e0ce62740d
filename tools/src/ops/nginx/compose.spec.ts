import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { AppConfig } from '@segmentia/api/config';
import { REPO_ROOT } from '../../common/paths';
import { EDGE_LIMITS, HEALTH_PATHS, NGINX_MAIN, NGINX_TEMPLATE, NGINX_VARIABLES, renderTemplate } from './nginx';
import { COMPANY_VARIABLES } from '@segmentia/contracts/company';
import { SITE_SETTINGS } from '../../commands/build-images';

interface Service {
  image?: string;
  build?: { target?: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  networks?: string[] | Record<string, unknown>;
}
const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const { web, 'api-1': api, redis } = compose.services;
/** The settings the web image gives nginx (the Dockerfile's ENV of its stage). */
const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const webStage = dockerfile.slice(dockerfile.indexOf('AS web\n'));
const imageEnv = Object.fromEntries(
  [.../^ENV ((?:.*\\\n)*.*)$/m.exec(webStage)![1]!.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]),
);

/** docker-compose.yml, which `npm run prod` runs and the drill puts through its faults. */
describe('docker-compose.yml', () => {
  it('runs the images the Dockerfiles build, every service hardened alike', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const image = /\/(\w+):\$\{IMAGE_TAG:-latest\}$/.exec(service.image ?? '')?.[1];
      expect([name, image]).toEqual([name, expect.stringMatching(/^(api|migrate|web|postgres|redis|monitoring)$/)]);
      if (service.build) expect([name, service.build.target]).toEqual([name, image]);
      expect(service).toMatchObject({ read_only: true, cap_drop: ['ALL'], security_opt: ['no-new-privileges:true'] });
    }
  });

  it('give nginx every variable its templates read, from the image or the service, and no other', () => {
    const used = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);
    expect([...new Set(used(NGINX_TEMPLATE))].sort()).toEqual([...NGINX_VARIABLES].sort());
    const given = new Set([...Object.keys(imageEnv), ...Object.keys(web!.environment!)]);
    expect([...new Set([...used(NGINX_TEMPLATE), ...used(NGINX_MAIN)])].filter((name) => !given.has(name))).toEqual([]);
    expect([...given].filter((name) => !NGINX_VARIABLES.includes(name as never) && !used(NGINX_MAIN).includes(name))).toEqual([]);
    // Both replicas, each left alone 2 s after a failure (nginx's default, 10 s, would leave a restarted replica idle).
    expect(
      web!.environment!.NGINX_API_SERVERS!.match(/server \$\{EDGE_PREFIX:-[\d.]+\}\.1[12]:4000 max_fails=1 fail_timeout=2s;/g),
    ).toHaveLength(2);
  });

  it("gives each visitor the budget on /graphql the nginx template's tests prove (the image's defaults)", () => {
    for (const [name, value] of Object.entries(EDGE_LIMITS))
      expect([name, web!.environment![name] ?? imageEnv[name]]).toEqual([name, value]);
  });

  it('builds the site with the same settings as npm run images: the site stage’s arguments, every company setting among them', () => {
    const siteStage = dockerfile.slice(dockerfile.indexOf('AS site\n'), dockerfile.indexOf('AS web\n'));
    const stageArgs = [...siteStage.matchAll(/^ARG (\w+)=/gm)].map((match) => match[1]!).filter((name) => name !== 'SITE_URL');
    expect(stageArgs.sort()).toEqual([...SITE_SETTINGS].sort());
    expect(
      Object.keys(web!.build!.args!)
        .filter((name) => name !== 'SITE_URL')
        .sort(),
    ).toEqual([...SITE_SETTINGS].sort());
    expect(SITE_SETTINGS).toEqual(expect.arrayContaining(Object.values(COMPANY_VARIABLES)));
  });

  it('passes the API only settings it knows', () => {
    const known = new Set(Object.keys(new AppConfig()));
    expect(Object.keys(api!.environment!).filter((name) => !known.has(name))).toEqual([]);
  });

  it('keeps the data out of nginx’s reach', () => {
    const networks = (service: string) => {
      const joined = compose.services[service]!.networks!;
      return Array.isArray(joined) ? joined : Object.keys(joined);
    };
    expect(networks('web')).toEqual(['edge']);
    for (const service of ['postgres', 'walstore', 'backups', 'redis', 'postgres-exporter', 'redis-exporter'])
      expect([service, networks(service)]).toEqual([service, ['data']]);
    expect(networks('api-1')).toEqual(['edge', 'data']);
    expect(networks('api-2')).toEqual(['edge', 'data']);
  });

  it('checks health the same way', () => {
    expect(api!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:4000${HEALTH_PATHS.api}`);
    // The web image checks itself (its HEALTHCHECK), on its own HTTP port.
    expect(webStage).toContain(`/dev/tcp/127.0.0.1/\${NGINX_HTTP_PORT} && printf 'GET ${HEALTH_PATHS.nginx} HTTP/1.0`);
    expect(redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });
});

describe('docker-compose.yml and its secrets', () => {
  const { migrate, postgres } = compose.services as Record<string, Service & { command?: string[] }>;

  it('migrates as the owner and runs the API as its own role, which the image makes with a password of its own', () => {
    const user = (service: Service) => /^postgresql:\/\/(\w+):/.exec(service.environment!.DATABASE_URL!)?.[1];
    expect([user(migrate!), user(api!)]).toEqual(['segmentia', 'segmentia_api']);
    expect(api!.environment!.DATABASE_URL).toContain('${POSTGRES_API_PASSWORD:?');
    const script = readFileSync(path.join(REPO_ROOT, 'deploy', 'postgres', 'api-role.sql'), 'utf8');
    expect(readFileSync(path.join(REPO_ROOT, 'deploy', 'postgres', 'roles.sql'), 'utf8')).toContain('\\ir api-role.sql');
    expect(script).toMatch(
      /\\getenv api_password POSTGRES_API_PASSWORD\nCREATE ROLE segmentia_api LOGIN PASSWORD :'api_password' NOSUPERUSER/,
    );
    expect(postgres!.environment!.POSTGRES_API_PASSWORD).toContain('${POSTGRES_API_PASSWORD:?');
  });

  it('gives Redis its password as configuration on standard input, never on a command line', () => {
    const command = (redis as { command: string[] }).command.join(' ');
    expect(command).not.toContain('--requirepass');
    expect(command).not.toContain('${REDIS_PASSWORD');
    expect(command).toMatch(/exec redis-server - .*<<EOF\nrequirepass \$\$REDISCLI_AUTH\nEOF/);
  });
});

describe('renderTemplate', () => {
  it('replaces the variables it is given and leaves nginx’s own alone', () => {
    expect(renderTemplate('return 301 ${SITE_URL}$request_uri;', { SITE_URL: 'https://a.example' })).toBe(
      'return 301 https://a.example$request_uri;',
    );
  });

  it('refuses a variable nobody set, naming it', () => {
    expect(() => renderTemplate('listen ${NGINX_HTTP_PORT};', {})).toThrow('${NGINX_HTTP_PORT}');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { AppConfig } from '@segmentia/api/config';
import { REPO_ROOT } from '../../common/paths';
import { EDGE_LIMITS, HEALTH_PATHS, NGINX_MAIN, NGINX_TEMPLATE, NGINX_VARIABLES, renderTemplate } from './nginx';
import { UPSTREAM_FAILURES } from './topology';
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
}
const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const { web, api, redis } = compose.services;
/** The settings the web image gives nginx (the Dockerfile's ENV of its stage). */
const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const webStage = dockerfile.slice(dockerfile.indexOf('AS web\n'));
const imageEnv = Object.fromEntries(
  [.../^ENV ((?:.*\\\n)*.*)$/m.exec(webStage)![1]!.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]),
);

/** What `npm run drill` proves is what docker-compose.yml runs: the same template, names and checks. */
describe('docker-compose.yml and npm run prod', () => {
  it('run the images the Dockerfile builds, hardened alike', () => {
    for (const name of ['migrate', 'api', 'web']) {
      const service = compose.services[name]!;
      expect(service.build?.target).toBe(name);
      expect(service.image).toMatch(new RegExp(`/${name}:\\$\\{IMAGE_TAG:-latest\\}$`));
      expect(service).toMatchObject({ read_only: true, cap_drop: ['ALL'], security_opt: ['no-new-privileges:true'] });
    }
  });

  it('give nginx every variable its templates read, from the image or the service, and no other', () => {
    const used = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);
    expect([...new Set(used(NGINX_TEMPLATE))].sort()).toEqual([...NGINX_VARIABLES].sort());
    const given = new Set([...Object.keys(imageEnv), ...Object.keys(web!.environment!)]);
    expect([...new Set([...used(NGINX_TEMPLATE), ...used(NGINX_MAIN)])].filter((name) => !given.has(name))).toEqual([]);
    expect([...given].filter((name) => !NGINX_VARIABLES.includes(name as never) && !used(NGINX_MAIN).includes(name))).toEqual([]);
    expect(web!.environment!.NGINX_API_SERVERS).toContain(UPSTREAM_FAILURES);
  });

  it("give each visitor the same budget on /graphql as npm run prod's nginx (the image's defaults)", () => {
    for (const [name, value] of Object.entries(EDGE_LIMITS))
      expect([name, web!.environment![name] ?? imageEnv[name]]).toEqual([name, value]);
  });

  it('build the site with the same settings as npm run images: the site stage’s arguments, every company setting among them', () => {
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

  it('pass the API only settings it knows', () => {
    const known = new Set(Object.keys(new AppConfig()));
    expect(Object.keys(api!.environment!).filter((name) => !known.has(name))).toEqual([]);
  });

  it('keep the data out of nginx’s reach', () => {
    const networks = (service: string) => (compose.services[service] as { networks?: string[] }).networks;
    expect(networks('web')).toEqual(['edge']);
    expect(networks('postgres')).toEqual(['data']);
    expect(networks('redis')).toEqual(['data']);
    expect(networks('api')).toEqual(['edge', 'data']);
  });

  it('check health the same way', () => {
    expect(api!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:4000${HEALTH_PATHS.api}`);
    // The web image checks itself (its HEALTHCHECK), on its own HTTP port.
    expect(webStage).toContain(`/dev/tcp/127.0.0.1/\${NGINX_HTTP_PORT} && printf 'GET ${HEALTH_PATHS.nginx} HTTP/1.0`);
    expect(redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
  });
});

describe('docker-compose.yml and its secrets', () => {
  const { migrate, postgres } = compose.services as Record<string, Service & { command?: string[] }>;

  it('migrates as the owner and runs the API as its own role, which the init script makes with a password of its own', () => {
    const user = (service: Service) => /^postgresql:\/\/(\w+):/.exec(service.environment!.DATABASE_URL!)?.[1];
    expect([user(migrate!), user(api!)]).toEqual(['segmentia', 'segmentia_api']);
    expect(api!.environment!.DATABASE_URL).toContain('${POSTGRES_API_PASSWORD:?');
    const mount = postgres!.volumes!.find((volume) => volume.includes('/docker-entrypoint-initdb.d/'))!;
    const script = readFileSync(path.join(REPO_ROOT, mount.split(':')[0]!), 'utf8');
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

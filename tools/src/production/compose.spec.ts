import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { AppConfig } from '@segmentia/api/src/common/config/app-config';
import { REPO_ROOT } from '../paths';
import { HEALTH_PATHS, NGINX_TEMPLATE, NGINX_VARIABLES, renderTemplate } from './nginx';
import { UPSTREAM_FAILURES } from './topology';

interface Service {
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
}
const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
const { web, api, redis } = compose.services;

/** What `npm run drill` proves is what docker-compose.yml runs: the same template, names and checks. */
describe('docker-compose.yml and npm run prod', () => {
  it('render the same nginx template, from the folder the image reads templates from', () => {
    const templates = path.relative(REPO_ROOT, path.dirname(NGINX_TEMPLATE));
    expect(web!.volumes).toContain(`./${templates}:/etc/nginx/templates:ro`);
    expect(path.basename(NGINX_TEMPLATE)).toMatch(/\.template$/);
  });

  it('give it the same variables, every one it reads and no other', () => {
    const used = new Set([...readFileSync(NGINX_TEMPLATE, 'utf8').matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]));
    expect([...used].sort()).toEqual([...NGINX_VARIABLES].sort());
    expect(Object.keys(web!.environment!).sort()).toEqual([...NGINX_VARIABLES].sort());
    expect(web!.environment!.NGINX_API_SERVERS).toContain(UPSTREAM_FAILURES);
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
    expect(web!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${web!.environment!.NGINX_HTTP_PORT}${HEALTH_PATHS.nginx}`);
    expect(redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
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

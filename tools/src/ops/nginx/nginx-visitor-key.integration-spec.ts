/**
 * Who nginx's per-visitor budgets count (the template's `$segmentia_visitor`): an IPv4 address whole, an IPv6 address
 * by its /64 whatever the position and length of its run of zero groups, its dotted tail or its leading zeros. The
 * template's map runs in this machine's nginx: behind real_ip, as the Gateway's X-Forwarded-For reaches it in
 * Kubernetes (nginx writes each address in its own text first, which the map then reads), and, to try every text
 * itself, on a copy that reads the text as sent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { until } from '@segmentia/testing';
import { freePort } from '../../common/ports';
import { NGINX_TEMPLATE } from './nginx';

/** Eight groups: every run of zeros, at every position and of every length, with non-zero groups around it. */
function addresses(): number[][] {
  const made: number[][] = [];
  for (let start = 0; start < 8; start++) {
    for (let length = 1; start + length <= 8; length++) {
      made.push(Array.from({ length: 8 }, (_, index) => (index >= start && index < start + length ? 0 : 0x1000 * (index + 1) + index)));
    }
  }
  return made;
}

const hex = (group: number) => group.toString(16);

/** The ways to write one address: in full, with leading zeros, with "::" for each run of zeros, with a dotted tail. */
function spellings(groups: number[]): string[] {
  const written = [groups.map(hex).join(':'), groups.map((group) => group.toString(16).padStart(4, '0')).join(':')];
  for (let start = 0; start < 8; start++) {
    for (let end = start + 1; end <= 8 && groups[end - 1] === 0; end++) {
      // nginx's own parser refuses "::" after seven groups (for the last group alone): real_ip never reads that text.
      if (start === 7) continue;
      written.push(`${groups.slice(0, start).map(hex).join(':')}::${groups.slice(end).map(hex).join(':')}`);
    }
  }
  const [a, b, c, d] = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
  written.push(`${groups.slice(0, 6).map(hex).join(':')}:${a}.${b}.${c}.${d}`);
  return written;
}

let dir: string;
let nginx: ChildProcess;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-nginx-visitor-'));
  const map = /^map \$remote_addr \$segmentia_visitor \{$[\s\S]*?^\}$/m.exec(readFileSync(NGINX_TEMPLATE, 'utf8'))![0];
  const asSent = map.replace('map $remote_addr $segmentia_visitor', 'map $http_x_address $segmentia_visitor_as_sent');
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir};`).join(' ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''} pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events {}
http {
  access_log off; ${temp}
  ${map}
  ${asSent}
  server {
    listen 127.0.0.1:${port};
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Forwarded-For;
    default_type text/plain;
    location / { return 200 "$segmentia_visitor"; }
    location /as-sent { return 200 "$segmentia_visitor_as_sent"; }
  }
}
`,
  );
  nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  url = `http://127.0.0.1:${port}/`;
  await until('nginx answers', async () => (await fetch(url).catch(() => undefined))?.ok === true);
});
afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await new Promise((resolve) => (nginx.exitCode === null ? nginx.once('exit', resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

/** The visitor nginx counts a request from `address` as: read by real_ip, or (`asSent`) the map run on the text itself. */
const visitor = async (address: string, asSent = false) =>
  (await fetch(asSent ? `${url}as-sent` : url, { headers: asSent ? { 'x-address': address } : { 'x-forwarded-for': address } })).text();

it('counts an IPv6 address by its first four groups, however it is written', async () => {
  const wrong: string[] = [];
  for (const groups of addresses()) {
    const expected = groups.slice(0, 4).map(hex).join(':');
    for (const spelling of spellings(groups)) {
      for (const asSent of [false, true]) {
        const got = await visitor(spelling, asSent);
        if (got !== expected) wrong.push(`${spelling}${asSent ? ' (as sent)' : ''} → ${got}, not ${expected}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

it('counts an IPv4 address whole, written as IPv4 or as an IPv4-mapped IPv6 address', async () => {
  expect(await visitor('192.0.2.7')).toBe('192.0.2.7');
  expect(await visitor('::ffff:192.0.2.7')).toBe('192.0.2.7');
  expect(await visitor('::1')).toBe('0:0:0:0');
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { ConfigError } from '@segmentia/api/config';
import { assertPortsFree } from './ports';
import { serveSite } from '../dev/site-server';

function occupy(host = '0.0.0.0'): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, host, () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

async function freePort(): Promise<number> {
  const { server, port } = await occupy();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('assertPortsFree', () => {
  it('lets free ports through, and leaves them free', async () => {
    const port = await freePort();
    await expect(
      assertPortsFree([
        { port, variable: 'SITE_PORT' },
        { port: 0, variable: 'PORT' },
      ]),
    ).resolves.toBeUndefined();
    const again = await occupy();
    again.server.close();
  });

  it('names the port and its variable when the port is taken, on any address', async () => {
    const taken = await occupy('127.0.0.1');
    try {
      const check = assertPortsFree([{ port: taken.port, variable: 'SITE_PORT' }]);
      await expect(check).rejects.toThrow(ConfigError);
      await expect(check).rejects.toThrow(
        `Port ${taken.port} (SITE_PORT) is already in use: stop what uses it or set SITE_PORT to a free port.`,
      );
      await expect(assertPortsFree([{ port: taken.port, variable: 'EMBEDDED_POSTGRES_PORT', host: '127.0.0.1' }])).rejects.toThrow(
        /EMBEDDED_POSTGRES_PORT/,
      );
    } finally {
      taken.server.close();
    }
  });

  it('refuses two settings on the same port', async () => {
    await expect(
      assertPortsFree([
        { port: 4000, variable: 'PORT' },
        { port: 4000, variable: 'SITE_PORT' },
      ]),
    ).rejects.toThrow('PORT and SITE_PORT are both 4000: give each its own port.');
  });
});

/** An answer's body, as sent (node:http decompresses nothing). */
async function read(answer: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('serveSite', () => {
  // A built site: site/public, and the build's security headers in site/headers.
  const site = mkdtempSync(path.join(os.tmpdir(), 'segmentia-site-'));
  const publicDir = path.join(site, 'public');
  mkdirSync(path.join(publicDir, 'en', 'staff'), { recursive: true });
  mkdirSync(path.join(site, 'headers'));
  writeFileSync(path.join(publicDir, 'index.html'), '<p>home</p>');
  writeFileSync(path.join(publicDir, '404.html'), '<p>not found</p>');
  writeFileSync(path.join(publicDir, 'en', 'staff', 'index.html'), '<p>staff</p>');
  writeFileSync(
    path.join(site, 'headers', 'security-headers.json'),
    JSON.stringify({
      public: { 'Content-Security-Policy': "default-src 'self' public" },
      home: { 'Content-Security-Policy': "default-src 'self' home" },
      staff: { 'Content-Security-Policy': "default-src 'self' staff" },
      staffPath: '^/(?:(?:en|de|it|fr)/)?staff(?:/|$)',
      untagged: { 'Content-Security-Policy': "default-src 'self' untagged" },
      untaggedPath: '^/(?:(?:en|de|it|fr)/)?privacy-center(?:/|$)',
    }),
  );
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('sends the build’s brotli copy of a page to a browser that takes brotli, the page itself to one that does not', async () => {
    mkdirSync(path.join(publicDir, 'en', 'legal'), { recursive: true });
    const page = `<p>${'Aviso legal. '.repeat(200)}</p>`;
    writeFileSync(path.join(publicDir, 'en', 'legal', 'index.html'), page);
    writeFileSync(path.join(publicDir, 'en', 'legal', 'index.html.br'), brotliCompressSync(page));
    const server = await serveSite(publicDir, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/en/legal/`;
    const get = (encoding: string) =>
      new Promise<IncomingMessage>((resolve) => httpGet(url, { headers: { 'accept-encoding': encoding } }, resolve));
    try {
      const brotli = await get('gzip, deflate, br');
      const body = await read(brotli);
      expect([brotli.statusCode, brotli.headers['content-encoding'], brotli.headers['content-type']?.toLowerCase()]).toEqual([
        200,
        'br',
        'text/html; charset=utf-8',
      ]);
      expect(brotliDecompressSync(body).toString()).toBe(page);
      expect(brotli.headers['content-security-policy']).toBe("default-src 'self' public");
      // Revalidated by its ETag alone: no Last-Modified, no byte ranges of the compressed copy.
      expect([brotli.headers['last-modified'], brotli.headers['accept-ranges']]).toEqual([undefined, undefined]);
      const again = await new Promise<IncomingMessage>((resolve) =>
        httpGet(url, { headers: { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag! } }, resolve),
      );
      await read(again);
      expect(again.statusCode).toBe(304);
      const plain = await get('identity');
      expect([plain.statusCode, plain.headers['content-encoding']]).toEqual([200, undefined]);
      expect((await read(plain)).toString()).toBe(page);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends the build’s security headers with every answer: the root page’s on `/`, staff’s and the privacy centre’s there', async () => {
    const server = await serveSite(publicDir, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const [pagePath, status, policy] of [
        ['/', 200, 'home'],
        ['/en/', 404, 'public'],
        ['/nope', 404, 'public'],
        ['/en/staff/', 200, 'staff'],
        ['/de/privacy-center/my-data/', 404, 'untagged'],
      ] as const) {
        const response = await fetch(`${url}${pagePath}`);
        expect([pagePath, response.status, response.headers.get('content-security-policy')]).toEqual([
          pagePath,
          status,
          `default-src 'self' ${policy}`,
        ]);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rejects with the port and its variable when the port was taken after the check, instead of serving nothing', async () => {
    const taken = await occupy();
    try {
      await expect(serveSite(publicDir, taken.port)).rejects.toThrow(`Port ${taken.port} (SITE_PORT) is already in use`);
      await expect(serveSite(publicDir, taken.port, '0.0.0.0', 'E2E_SITE_PORT')).rejects.toThrow('set E2E_SITE_PORT to a free port');
    } finally {
      taken.server.close();
    }
  });

  it('resolves once listening', async () => {
    const server = await serveSite(publicDir, 0, '127.0.0.1');
    expect(server.listening).toBe(true);
    await new Promise((resolve) => server.close(resolve));
  });
});

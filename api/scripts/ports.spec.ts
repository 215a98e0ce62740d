import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../src/common/config/app-config';
import { assertPortsFree } from './ports';
import { serveSite } from './site-server';

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
    await expect(assertPortsFree([{ port, variable: 'SITE_PORT' }, { port: 0, variable: 'PORT' }])).resolves.toBeUndefined();
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

describe('serveSite', () => {
  const publicDir = mkdtempSync(path.join(os.tmpdir(), 'segmentia-public-'));
  afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

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

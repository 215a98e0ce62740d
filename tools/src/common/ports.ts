import { type AddressInfo, createServer } from 'node:net';
import { ConfigError, portError as settingPortError } from '@segmentia/api/config';

/** A port a command is about to listen on, and the setting that chooses it. */
export interface PortUse {
  port: number;
  /** The environment variable that sets this port, named in the message when it cannot be used. */
  variable: string;
  /** The address the server will listen on; 0.0.0.0 (every IPv4 address) by default. */
  host?: string;
}

/** The one sentence a command stops with when a port of its own cannot be used (the API's, for its own ports). */
export const portError = ({ port, variable }: PortUse, code: string | undefined): ConfigError => settingPortError(port, variable, code);

/** Whether an error of `listen` means the port cannot be used (taken, or reserved to root). */
export function isPortError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/** Listens on the port for a moment and lets it go: the error of a port that is taken or forbidden, undefined when it is free. */
function probe({ port, host = '0.0.0.0' }: PortUse): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/**
 * Checks, before anything starts, that every port the command will listen on
 * is free; throws a ConfigError naming the first port that is not, and the
 * variable that sets it. Two settings on the same port are refused too.
 */
export async function assertPortsFree(all: PortUse[]): Promise<void> {
  // Port 0 lets the system choose a free one.
  const uses = all.filter((use) => use.port !== 0);
  const seen = new Map<number, string>();
  for (const use of uses) {
    const other = seen.get(use.port);
    if (other) throw new ConfigError(`${other} and ${use.variable} are both ${use.port}: give each its own port.`);
    seen.set(use.port, use.variable);
  }
  for (const use of uses) {
    const error = await probe(use);
    if (!error) continue;
    if (isPortError(error)) throw portError(use, error.code);
    throw new ConfigError(`Port ${use.port} (${use.variable}) cannot be used on ${use.host ?? '0.0.0.0'}: ${(error as Error).message}.`);
  }
}

/**
 * The first of `count` consecutive ports free on 127.0.0.1 now (for a server that opens its neighbours too, as the
 * Auth emulator opens its hub and log), between 20000 and 40000.
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20000 + Math.floor(Math.random() * (20000 - count));
    const uses = Array.from({ length: count }, (_, offset) => ({ port: first + offset, variable: 'a free port', host: '127.0.0.1' }));
    if ((await Promise.all(uses.map(probe))).every((error) => !error)) return first;
  }
  throw new Error(`No ${count} consecutive free ports found between 20000 and 40000`);
}

/** A port free on 127.0.0.1 now, chosen by the system. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { closedPort } from '../../test/support/unreachable-databases';
import { startStudio } from './studio';

/** How a TCP connection to host:port ends: 'connected', or the error's code. */
const connect = (host: string, port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect({ host, port, timeout: 3000 });
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('timeout', () => (socket.destroy(), resolve('ETIMEDOUT')));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

/** The command lines of every process of this machine. */
const commandLines = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')];
      } catch {
        return [];
      }
    });

it('runs Prisma Studio on 127.0.0.1 only, its database password on no command line', async () => {
  const port = await closedPort();
  const password = `studio-spec-${process.pid}`;
  const studio = startStudio(port, `postgresql://nobody:${password}@127.0.0.1:1/none`, 'pipe');
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      studio.stdout!.on('data', (chunk: Buffer) => (output += chunk) && /Studio is running/.test(output) && resolve());
      studio.once('exit', (code) => reject(new Error(`Prisma Studio exited (${code}): ${output}`)));
    });
    const listening = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[3]);
    expect(listening).toEqual([`127.0.0.1:${port}`]);
    expect(await connect('127.0.0.1', port)).toBe('connected');
    // Another address of this machine, as a neighbour on its network would reach it.
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && !address.address.startsWith('fe80:'));
    for (const address of outside) expect(await connect(address!.address, port)).toBe('ECONNREFUSED');
    expect(commandLines().filter((line) => line.includes(password))).toEqual([]);
  } finally {
    studio.kill('SIGTERM');
  }
}, 60_000);

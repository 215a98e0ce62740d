/** Stand-ins for a PostgreSQL that cannot serve: refused, hung, or starting up. */
import net from 'node:net';

/** A port where nothing listens (connections are refused at once); also a free port to listen on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that accepts connections and never answers: a hung database. */
export async function silentServer(): Promise<net.Server> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  return server;
}

/**
 * A PostgreSQL that is starting up: it answers every connection with the
 * server's own FATAL error 57P03, "the database system is starting up".
 */
export async function startingServer(): Promise<net.Server> {
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.from('SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0\0');
      const header = Buffer.alloc(5);
      header.write('E');
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

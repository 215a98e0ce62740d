import { Prisma } from '../../generated/prisma/client';
import { isDatabaseUnavailable } from './database-errors';

const known = (code: string, message = 'failed', meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: '7.10.0', meta });
/** A raw query PostgreSQL refused with this SQLSTATE, as Prisma's pg adapter reports it. */
const refused = (sqlState: string) =>
  known('P2010', `Raw query failed. Code: \`${sqlState}\`.`, {
    driverAdapterError: { cause: { originalCode: sqlState, kind: 'postgres' } },
  });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', new Error('connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a transaction whose connection the server ended (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), {
        name: 'DriverAdapterError',
        cause: { originalCode: '57P01', kind: 'postgres' },
      }),
    ],
    ['a connection the server closed mid-transaction', new Error('Client has encountered a connection error and is not queryable')],
    ['a cause deep inside', Object.assign(new Error('query failed'), { cause: new Error('Connection terminated unexpectedly') })],
    ["Prisma's can't-reach code", known('P1001')],
    ["Prisma's pool timeout", known('P2024')],
    ['a transaction that got no connection', known('P2028', 'Transaction API error: Unable to start a transaction in the given time.')],
    ['a server starting up (57P03)', refused('57P03')],
    ['a server shutting down (57P01)', refused('57P01')],
    ['a server with no connection left (53300)', refused('53300')],
    ['a connection failure (08006)', refused('08006')],
    [
      'a raw query whose server stopped meanwhile',
      known('P2010', 'Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`', {
        driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } },
      }),
    ],
    [
      'a raw query no connection reached',
      known('P2010', "Raw query failed. Code: `N/A`. Message: `Can't reach database server at 127.0.0.1:5432`", {
        driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 } },
      }),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', known('P2002')],
    ['a raw query with a syntax error (42601)', refused('42601')],
    [
      'a raw query the adapter refused for another reason',
      known('P2010', 'Raw query failed.', { driverAdapterError: { cause: { kind: 'InvalidIsolationLevel' } } }),
    ],
    [
      'a transaction that broke a constraint (23505)',
      Object.assign(new Error('duplicate key value'), { name: 'DriverAdapterError', cause: { originalCode: '23505', kind: 'postgres' } }),
    ],
    ['a transaction that ran too long', known('P2028', 'Transaction API error: Transaction already closed: the timeout was exceeded.')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

import { Prisma } from '../../generated/prisma/client';

/** Prisma's codes for a database that cannot be reached or answered too late. */
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/**
 * PostgreSQL's own codes (SQLSTATE) for a server that cannot take a query now:
 * connection exceptions (08…), too many connections (53300), shutting down,
 * crashed or starting up (57P01, 57P02, 57P03). Prisma passes them through as
 * a raw query failure (P2010) with the driver's error attached, and an
 * interactive transaction throws the driver's error itself.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|53300|57P0[1-3])$/;
/**
 * The kinds Prisma's driver adapter gives an error of its own, without a SQLSTATE: a server that stopped while a
 * raw query was in flight ("Server has closed the connection") or that no connection reaches.
 */
const UNAVAILABLE_KINDS = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);
/** What the pg driver reports through the adapter when the server is down or silent. */
const UNAVAILABLE_MESSAGE = new RegExp(
  [
    'ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|timeout|Connection terminated',
    "Can't reach database|the database system is (starting up|shutting down)|encountered a connection error and is not queryable",
  ].join('|'),
  'i',
);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const adapterError = adapterCause(error);
  if (UNAVAILABLE_SQLSTATE.test(String(adapterError?.originalCode ?? '')) || UNAVAILABLE_KINDS.has(String(adapterError?.kind))) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // P2028 is also a transaction that ran too long; only "unable to start" means no connection came.
    return UNAVAILABLE_CODES.has(error.code) || (error.code === 'P2028' && /unable to start a transaction/i.test(error.message));
  }
  if (error instanceof Prisma.PrismaClientUnknownRequestError || error instanceof Error) {
    return UNAVAILABLE_MESSAGE.test(error.message) || isDatabaseUnavailable((error as { cause?: unknown }).cause);
  }
  return false;
}

type AdapterError = { cause?: { originalCode?: unknown; kind?: unknown } };

/**
 * What the pg adapter saw (its kind of error, and PostgreSQL's SQLSTATE when the server answered): on its own error
 * (DriverAdapterError, what an interactive transaction throws), or kept by Prisma on its own.
 */
function adapterCause(error: unknown): AdapterError['cause'] {
  const adapterError =
    error instanceof Prisma.PrismaClientKnownRequestError
      ? (error.meta as { driverAdapterError?: AdapterError } | undefined)?.driverAdapterError
      : error instanceof Error && error.name === 'DriverAdapterError'
        ? (error as AdapterError)
        : undefined;
  return adapterError?.cause;
}

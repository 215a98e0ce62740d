import { Prisma } from '../../generated/prisma/client';

/** Prisma's codes for a database that cannot be reached or answered too late. */
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** What the pg driver reports through the adapter when the server is down or silent. */
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|timeout|Connection terminated|Can't reach database|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // P2028 is also a transaction that ran too long; only "unable to start" means no connection came.
    return UNAVAILABLE_CODES.has(error.code) || (error.code === 'P2028' && /unable to start a transaction/i.test(error.message));
  }
  if (error instanceof Prisma.PrismaClientUnknownRequestError || error instanceof Error) {
    return UNAVAILABLE_MESSAGE.test(error.message) || isDatabaseUnavailable((error as { cause?: unknown }).cause);
  }
  return false;
}

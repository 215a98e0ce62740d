/** The read-only PostgreSQL role a migration creates for Prisma Studio (`npm run studio`). */
export const SALES_READER_ROLE = 'segmentia_sales_reader';

/**
 * DATABASE_URL with the sales reader as its user and no password (a local
 * server's trust or peer authentication; a server with passwords gets
 * STUDIO_DATABASE_URL instead). Host, port, database and parameters stay.
 */
export function salesReaderUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = SALES_READER_ROLE;
  url.password = '';
  return url.toString();
}

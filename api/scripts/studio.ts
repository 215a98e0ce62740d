/**
 * Prisma Studio (http://localhost:5555, STUDIO_PORT) on the database, as the
 * read-only role segmentia_sales_reader (a migration creates it: SELECT on
 * the lead tables, nothing else), so browsing leads cannot change them:
 * STUDIO_DATABASE_URL when set (a server with passwords), otherwise
 * DATABASE_URL with that role as its user. `npm run studio -- --admin`
 * connects with DATABASE_URL itself: full write access, for maintainers.
 */
import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { SALES_READER_ROLE, salesReaderUrl } from '../src/database/sales-reader';
import { startStudio } from '../src/database/studio';

loadEnvFile();
const config = loadConfig(process.env);
const admin = process.argv.includes('--admin');
const url = admin ? config.database.url : (config.studio.databaseUrl ?? salesReaderUrl(config.database.url));
if (admin) {
  console.warn(
    '\nWARNING: Prisma Studio with full write access (--admin): every change to a lead, the audience catalogue, the erasure\n' +
      'and consent records is written at once, with no history and no undo. Without --admin, Studio only reads.\n',
  );
} else {
  console.log(`Prisma Studio reads as ${SALES_READER_ROLE}: the lead tables only, and no change is accepted (--admin to write).`);
}
console.log(`Prisma Studio at http://127.0.0.1:${config.studio.port}, on this machine only (Ctrl-C to stop)`);
startStudio(config.studio.port, url)
  .on('exit', (code) => (process.exitCode = code ?? 1))
  .on('error', (error) => {
    console.error(`Prisma Studio could not start: ${error.message}.`);
    process.exitCode = 1;
  });

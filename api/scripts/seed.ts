/**
 * `npm run seed`: writes the explorer's reference data (idempotent). Reads
 * `.env` like the other commands; uses DATABASE_URL, or the embedded PostgreSQL.
 */
import { seed } from '../prisma/seed';
import { withPrisma } from './with-prisma';

withPrisma(async (prisma) => console.log(`Seed: ${await seed(prisma)} rows written.`)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

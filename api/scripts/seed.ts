/**
 * `npm run seed`: writes the explorer's reference data (idempotent). Reads
 * `.env` like the other commands; uses DATABASE_URL, or the embedded PostgreSQL.
 */
import { seed } from '../prisma/seed';
import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { withDatabase } from '../src/database/local-database';
import { PrismaService } from '../src/prisma/prisma.service';

async function main(): Promise<void> {
  loadEnvFile();
  // Every setting validated before the database starts; its URL is known only later.
  loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgresql://embedded' });
  await withDatabase(async (databaseUrl) => {
    const prisma = new PrismaService(loadConfig({ ...process.env, DATABASE_URL: databaseUrl }));
    try {
      console.log(`Seed: ${await seed(prisma)} rows written.`);
    } finally {
      await prisma.$disconnect();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

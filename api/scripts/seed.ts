/** Writes the explorer's reference data (idempotent). Uses DATABASE_URL, or the embedded PostgreSQL. */
import { seed } from '../prisma/seed';
import { withDatabase } from '../src/database/local-database';
import { PrismaService } from '../src/prisma/prisma.service';
import { loadConfig } from '../src/common/config/app-config';

withDatabase(async (databaseUrl) => {
  const prisma = new PrismaService(loadConfig({ ...process.env, DATABASE_URL: databaseUrl }));
  try {
    console.log(`Seed: ${await seed(prisma)} rows written.`);
  } finally {
    await prisma.$disconnect();
  }
}).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

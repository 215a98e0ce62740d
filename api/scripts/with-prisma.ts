import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { withDatabase } from '../src/database/local-database';
import { PrismaService } from '../src/prisma/prisma.service';

/**
 * For a command on the product's database: reads `.env`, validates every
 * setting before the database starts (its URL is known only later), then runs
 * the task with a client on DATABASE_URL or the embedded PostgreSQL.
 */
export async function withPrisma<T>(task: (prisma: PrismaService) => Promise<T>): Promise<T> {
  loadEnvFile();
  loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgresql://embedded' });
  return withDatabase(async (databaseUrl) => {
    const prisma = new PrismaService(loadConfig({ ...process.env, DATABASE_URL: databaseUrl }));
    try {
      return await task(prisma);
    } finally {
      await prisma.$disconnect();
    }
  });
}

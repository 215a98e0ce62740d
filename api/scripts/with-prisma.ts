import { loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { PrismaService } from '../src/prisma/prisma.service';

/**
 * For a command on the product's database: reads `.env`, validates every
 * setting, then runs the task with a client on DATABASE_URL (`npm run seed`
 * and `npm run rescore` give it the embedded PostgreSQL when it is unset).
 */
export async function withPrisma<T>(task: (prisma: PrismaService) => Promise<T>): Promise<T> {
  loadEnvFile();
  const prisma = new PrismaService(loadConfig(process.env));
  try {
    return await task(prisma);
  } finally {
    await prisma.$disconnect();
  }
}

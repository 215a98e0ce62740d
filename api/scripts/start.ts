/**
 * `npm start`: the whole product on one machine. Starts the embedded
 * PostgreSQL when DATABASE_URL is unset, applies migrations, seeds the
 * explorer's data and serves the API. Ctrl-C stops everything cleanly.
 */
import type { INestApplication } from '@nestjs/common';
import { seed } from '../prisma/seed';
import { startApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { type Database, openDatabase } from '../src/database/local-database';
import { deployMigrations } from '../src/database/migrations';
import { PrismaService } from '../src/prisma/prisma.service';

async function main(): Promise<void> {
  loadEnvFile();
  // Validate every setting before starting anything; the embedded database's URL is known only later.
  loadConfig({ ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgresql://embedded' });

  // What is running so far: a signal during start-up stops that much.
  const running: { database?: Database; app?: INestApplication } = {};
  const stop = async (signal: NodeJS.Signals) => {
    console.log(`\n${signal}: stopping.`);
    await running.app?.close();
    await running.database?.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const database = await openDatabase();
  running.database = database;
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url });
  const applied = await deployMigrations(database.url);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
  const prisma = new PrismaService(config);
  try {
    console.log(`Seed: ${await seed(prisma)} rows written.`);
  } finally {
    await prisma.$disconnect();
  }
  running.app = await startApp(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

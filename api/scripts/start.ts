/**
 * `npm start`: the whole product on one machine. Starts the embedded
 * PostgreSQL when DATABASE_URL is unset, applies migrations, seeds the
 * explorer's data, serves the API, builds the site against it and serves the
 * site at http://localhost:8000 (SITE_PORT). Ctrl-C stops everything cleanly.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { seed } from '../prisma/seed';
import { startApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/common/config/app-config';
import { loadEnvFile } from '../src/common/config/env-file';
import { type Database, openDatabase } from '../src/database/local-database';
import { deployMigrations } from '../src/database/migrations';
import { REPO_ROOT } from '../src/database/paths';
import { PrismaService } from '../src/prisma/prisma.service';
import { serveSite } from './site-server';

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

  const apiUrl = `http://localhost:${config.PORT}/graphql`;
  const sitePort = Number(process.env.SITE_PORT ?? 8000);
  const siteUrl = process.env.GATSBY_SITE_URL ?? `http://localhost:${sitePort}`;
  await buildSite({
    SITE_API_URL: `http://127.0.0.1:${config.PORT}/graphql`,
    GATSBY_API_URL: process.env.GATSBY_API_URL ?? apiUrl,
    GATSBY_SITE_URL: siteUrl,
  });
  await serveSite(path.join(REPO_ROOT, 'site', 'public'), sitePort);
  console.log(`\nSegmentia is running:\n  site     ${siteUrl}/\n  API      ${apiUrl}\n  Ctrl-C stops everything.\n`);
}

/** `gatsby build` of the site, reading its data from the running API. */
function buildSite(env: Record<string, string>): Promise<void> {
  console.log('Building the site against the API (about a minute the first time)...');
  return new Promise((resolve, reject) => {
    const build = spawn('npm', ['run', 'build', '-w', 'site'], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    build.on('error', reject);
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The site build failed (exit code ${code})`))));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

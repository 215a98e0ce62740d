import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

/**
 * Prisma's pg adapter, but for scripts: it runs one statement by statement, split at every semicolon (one inside a
 * DO block or a function's body too) and each on any connection of its pool. A migration goes to PostgreSQL whole
 * instead, as one simple query, which PostgreSQL runs as one transaction: all of it or nothing.
 */
export class MigrationAdapter extends PrismaPg {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    // The engine never closes the pool it opens; idle connections must not keep the process alive.
    const pool = new pg.Pool({ connectionString: databaseUrl, allowExitOnIdle: true });
    super(pool, { disposeExternalPool: true });
    this.pool = pool;
  }

  override async connect(): ReturnType<PrismaPg['connect']> {
    const adapter = await super.connect();
    adapter.executeScript = async (script: string) => {
      await this.pool.query(script);
    };
    return adapter;
  }
}

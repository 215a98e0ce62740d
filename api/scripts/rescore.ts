/**
 * `npm run rescore`: scores every stored lead again with the rules of
 * api/src/leads/fit-score.ts, after a sales manager changed them. Reads `.env`
 * like the other commands; uses DATABASE_URL, or the embedded PostgreSQL.
 */
import { rescoreLeads } from '../src/leads/rescore';
import { withPrisma } from './with-prisma';

withPrisma(async (prisma) => {
  const { read, changed } = await rescoreLeads(prisma);
  console.log(`Rescore: ${read} leads read, ${changed} scored anew.`);
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

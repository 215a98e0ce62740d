/**
 * Backups of `npm run prod`'s stack, by pgBackRest in its postgres image (deploy/postgres/segmentia-postgres):
 *   npm run backup                        a full backup now (the schedule takes one at start and every day), and
 *                                         pgBackRest's list of the backups the store holds
 *   npm run restore [-- --to <time>]      the database restored from the store, to its last acknowledged commit or to
 *                                         a point in time ('2026-11-29 10:00:00+00'), the erasure ledger applied
 *                                         again, the API started on it
 * Another stack: STACK_ENV_FILE and STACK_PROJECT (docs/operations.md, "Backups").
 */
import { parseArgs } from 'node:util';
import { ComposeStack, PRODUCTION } from '../ops/stack/compose';

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const stack =
    process.env.STACK_ENV_FILE || process.env.STACK_PROJECT
      ? new ComposeStack({
          project: process.env.STACK_PROJECT ?? PRODUCTION.options.project,
          envFile: process.env.STACK_ENV_FILE ?? PRODUCTION.options.envFile,
        })
      : PRODUCTION;
  if (command === 'backup') {
    process.stdout.write(await stack.backup());
  } else if (command === 'restore') {
    const { values } = parseArgs({ args: rest, options: { to: { type: 'string' } } });
    const target = values.to === 'latest' ? undefined : values.to;
    await stack.restore(target);
  } else {
    throw new Error(`Unknown command ${command}: backup, or restore [--to <time>]`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

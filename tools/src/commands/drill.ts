/**
 * `npm run drill`: the compose stack (docker-compose.yml over the images, as operators run it; check-stack.ts) put
 * through what production will do to it (ops/drill), one line per drill with its figures, then torn down; exits 1
 * when any drill fails. `npm run drill -- <words>`: only the drills whose name holds them.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@segmentia/api/config';
import { DRILL_API_ENV, type Result, runDrill } from '../ops/drill';
import { startCheckStack } from '../ops/stack/check-stack';

async function main(): Promise<void> {
  const started = Date.now();
  const check = await startCheckStack({ api: DRILL_API_ENV }, (line) => console.log(`  ${line}`));
  const drillStarted = Date.now();
  // Interrupted: the stack goes (never left running); the addresses the drill added go with its bridge.
  process.once('SIGINT', () => {
    console.log('\nSIGINT: removing the stack.');
    void check.close().finally(() => process.exit(130));
  });
  let results: Result[] = [];
  try {
    results = await runDrill(check, process.argv.slice(2).join(' '));
  } finally {
    if (!results.length || results.some((result) => !result.ok)) {
      const file = path.join(os.tmpdir(), `segmentia-drill-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
      writeFileSync(file, await check.stack.logs().catch((error: Error) => error.message));
      console.log(`The stack's logs: ${file}`);
    }
    await check.close();
  }
  const failed = results.filter((result) => !result.ok);
  console.log(
    `\n${results.length - failed.length} of ${results.length} drills passed in ${Math.round((Date.now() - drillStarted) / 1000)} s ` +
      `(${Math.round((Date.now() - started) / 1000)} s with the stack's start and removal)`,
  );
  process.exit(failed.length || !results.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});

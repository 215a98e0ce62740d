/**
 * `npm run test:stack`: what CI checks of production, on ONE compose stack (docker-compose.yml over the images, as
 * operators run it: ops/stack/check-stack.ts). The images built when missing (every one with --rebuild) with their
 * figures; then the images' checks (test-images.ts), the security check (security-check.ts) and the drill (ops/drill),
 * each printing its lines; the stack removed at the end whatever happened, its logs kept in a file when a check failed.
 * Exits 1 when any check failed.
 *   npm run test:stack -- [--rebuild]
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DRILL_API_ENV, runDrill } from '../ops/drill';
import { openEngine } from '../ops/images/engine';
import { startCheckStack } from '../ops/stack/check-stack';
import { SECURITY_API_ENV, securityCheck } from './security-check';
import { buildCheckImages, imageChecks } from './test-images';

async function main(): Promise<void> {
  const started = Date.now();
  // Opened once here: a daemon this starts serves the build and the stack, and stops at the end.
  const engine = await openEngine();
  const parts: { name: string; ok: boolean; seconds: number }[] = [];
  try {
    await buildCheckImages({ rebuild: process.argv.includes('--rebuild') });
    // The drill's settings from the start (its reconfiguration then changes nothing), and the IDE the security check needs.
    const check = await startCheckStack({ api: { ...DRILL_API_ENV, ...SECURITY_API_ENV } });
    process.once('SIGINT', () => {
      console.log('\nSIGINT: removing the stack.');
      void check.close().finally(() => process.exit(130));
    });
    const part = async (name: string, run: () => Promise<boolean>) => {
      console.log(`\n${name}`);
      const partStarted = Date.now();
      const ok = await run().catch((error: unknown) => {
        console.log(`FAIL  ${name} stopped: ${error instanceof Error ? error.message : error}`);
        return false;
      });
      parts.push({ name, ok, seconds: (Date.now() - partStarted) / 1000 });
    };
    try {
      await part("The images' checks", () => imageChecks(check));
      await part('The security check', () => securityCheck(check));
      await part('The drill', async () => {
        const results = await runDrill(check);
        return results.length > 0 && results.every((result) => result.ok);
      });
    } finally {
      if (parts.some((result) => !result.ok) || parts.length < 3) {
        const file = path.join(os.tmpdir(), `segmentia-test-stack-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
        writeFileSync(file, await check.stack.logs().catch((error: Error) => error.message));
        console.log(`The stack's logs: ${file}`);
      }
      await check.close();
    }
  } finally {
    await engine.close();
  }
  console.log('');
  for (const { name, ok, seconds } of parts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds.toFixed(0)} s)`);
  const passed = parts.length === 3 && parts.every((result) => result.ok);
  console.log(`${passed ? 'Every check passed' : 'A check failed'}; ${((Date.now() - started) / 1000).toFixed(0)} s in all.`);
  process.exit(passed ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

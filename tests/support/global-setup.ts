import { ensureBrowser } from '@segmentia/tools/test-stack';
import { ensureCommands, startStack } from '@segmentia/tools/test-stack';

/** Playwright runs the returned function as the global teardown. */
export default async function globalSetup() {
  ensureBrowser();
  // validity.spec.ts runs the Nu Html Checker (vnu-jar), a Java program.
  ensureCommands(['java']);
  return startStack();
}

import { ensureBrowser } from '@segmentia/tools/src/test-services';
import { ensureCommands } from '@segmentia/tools/src/production/packages';
import { startStack } from '@segmentia/tools/src/test-stack';

/** Playwright runs the returned function as the global teardown. */
export default async function globalSetup() {
  ensureBrowser();
  // validity.spec.ts runs the Nu Html Checker (vnu-jar), a Java program.
  ensureCommands(['java']);
  return startStack();
}

import { ensureBrowser } from '@segmentia/tools/src/test-services';
import { startStack } from '@segmentia/tools/src/test-stack';

/** Playwright runs the returned function as the global teardown. */
export default async function globalSetup() {
  ensureBrowser();
  return startStack();
}

/**
 * Installs from Debian's packages what is missing among the commands named, as the tests do on their own:
 *   npx tsx tools/src/commands/install-packages.ts chromium nginx …   (`.ci/run`, before the tests)
 */
import { type Command, ensureCommands } from '../common/debian-packages';

ensureCommands(process.argv.slice(2) as Command[]);

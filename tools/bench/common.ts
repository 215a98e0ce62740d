/**
 * What the benchmarks share. One way to end: whatever a bench starts is registered with `onExit` and stopped, newest
 * first, when the bench ends, fails or is interrupted (Ctrl-C, SIGTERM), then the process exits whatever handle a
 * library left open, so that no server, browser or database outlives it (one did, and the browser tests then found
 * their API's port taken).
 */
// Nothing of tools/src here: site.bench.mts loads this file through tsx, which cannot run the settings' decorators.
const cleanups: (() => unknown)[] = [];
let ending = false;

export const onExit = (cleanup: () => unknown): void => void cleanups.push(cleanup);

function end(code: number): void {
  if (ending) return;
  ending = true;
  // A cleanup that hangs does not keep the process: it exits a minute later whatever is left.
  setTimeout(() => process.exit(code), 60_000).unref();
  void (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve().then(cleanup).catch(console.error);
    process.exit(code);
  })();
}

/** Runs a benchmark's `main`, then stops what it started (above). */
export function runBench(main: () => Promise<void>): void {
  // Listening for good, not once: tsx passes a Ctrl-C on to this process too, and a second signal without a listener
  // would end it before its cleanups.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!ending) console.error(`\n${signal}: stopping what the benchmark started...`);
      end(130);
    });
  }
  main().then(
    () => end(0),
    (error: unknown) => {
      // What an interruption made fail is no news.
      if (!ending) console.error(error);
      end(1);
    },
  );
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

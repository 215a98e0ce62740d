/** Waits until `condition` holds, checking every `intervalMs`; fails naming `what` after `timeoutMs`. */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 15_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await Promise.resolve()
      .then(condition)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** At most one reload per path in this many milliseconds (specification, section 8). */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'segmentia-reloaded:';

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether a chunk-load failure on `path` may reload the page now. The guard
 * is kept in sessionStorage, so it survives the reload and a failing chunk
 * cannot loop: a second failure within 10 s shows the error instead.
 */
export function mayReload(path: string, storage: GuardStorage, now: number): boolean {
  const last = Number(storage.getItem(`${KEY}${path}`) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(`${KEY}${path}`, String(now));
  return true;
}

/** Errors of a script chunk that could not be loaded (often: a new deployment removed it). */
export function isChunkLoadError(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(
      message ?? '',
    )
  );
}

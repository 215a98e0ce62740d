import { isChunkLoadError, mayReload, RELOAD_GUARD_MS } from './reload-guard';
import { memoryStorage } from '../testing/memory-storage';
import { BUILD_ID, checkForNewBuild, isStale } from './new-build';

describe('reload guard', () => {
  it('allows one reload per path every 10 s', () => {
    const storage = memoryStorage();
    expect(mayReload('/', storage, 1_000_000)).toBe(true);
    expect(mayReload('/', storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload('/en/', storage, 1_000_001)).toBe(true);
    expect(mayReload('/', storage, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('recognises chunk-load failures and nothing else', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 448 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk component---src-pages-index-tsx failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /app.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('new deployments', () => {
  const answer = (body: object) => (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch;

  it('stays current while latest.json names this build, and turns stale when it names another', async () => {
    expect(await checkForNewBuild(answer({ buildId: BUILD_ID }))).toBe(false);
    expect(await checkForNewBuild((async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch)).toBe(false);
    expect(await checkForNewBuild(answer({ buildId: 'a-newer-build' }))).toBe(true);
    expect(isStale()).toBe(true);
  });
});

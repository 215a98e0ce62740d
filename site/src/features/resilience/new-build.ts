import { COMPILED_IN } from '../../config/build-settings';

/** This bundle's build id, set by gatsby-node for each build (DefinePlugin). */
export const BUILD_ID = COMPILED_IN.GATSBY_BUILD_ID ?? 'development';
export const CHECK_EVERY_MS = 5 * 60 * 1000;

let stale = false;

/** True once /builds/latest.json names another build: the next internal navigation is a full page load. */
export function isStale(): boolean {
  return stale;
}

export async function checkForNewBuild(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher('/builds/latest.json', { cache: 'no-store' });
    if (response.ok) {
      const latest = (await response.json()) as { buildId?: string };
      if (latest.buildId && latest.buildId !== BUILD_ID) {
        stale = true;
        // Visible on the page (and to tests): a newer build is out.
        if (typeof document !== 'undefined') document.documentElement.dataset.newBuild = latest.buildId;
      }
    }
  } catch {
    // Offline or between deployments: try again at the next check.
  }
  return stale;
}

/** Checks periodically and whenever the tab regains focus. */
export function watchForNewBuilds(): () => void {
  const timer = window.setInterval(() => void checkForNewBuild(), CHECK_EVERY_MS);
  const onVisible = () => document.visibilityState === 'visible' && void checkForNewBuild();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}

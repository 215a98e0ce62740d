/**
 * Google Analytics 4 through Firebase Analytics, loaded (as its own chunk)
 * only once the visitor enables the `analytics` cookie. Configured by the
 * GATSBY_FIREBASE_* settings; without them nothing loads.
 */
import type { Analytics } from 'firebase/analytics';
import { FIREBASE_CONFIG } from '../../config/site';

let analytics: Promise<Analytics | undefined> | undefined;

export function startAnalytics(): Promise<Analytics | undefined> {
  analytics ??= load();
  return analytics.then(async (instance) => {
    if (instance) (await import('firebase/analytics')).setAnalyticsCollectionEnabled(instance, true);
    return instance;
  });
}

export async function stopAnalytics(): Promise<void> {
  const instance = await analytics;
  if (instance) (await import('firebase/analytics')).setAnalyticsCollectionEnabled(instance, false);
  // Firebase adds gtag.js itself: take it out with the rest of the analytics.
  document.querySelectorAll('script[src*="googletagmanager.com/gtag/js"]').forEach((script) => script.remove());
}

async function load(): Promise<Analytics | undefined> {
  if (!FIREBASE_CONFIG.apiKey || !FIREBASE_CONFIG.appId || !FIREBASE_CONFIG.measurementId) {
    console.warn('Analytics is not configured (GATSBY_FIREBASE_*): nothing is measured');
    return undefined;
  }
  const [{ initializeApp }, { getAnalytics, isSupported }] = await Promise.all([import('firebase/app'), import('firebase/analytics')]);
  if (!(await isSupported().catch(() => false))) {
    console.log('Analytics not supported');
    return undefined;
  }
  return getAnalytics(initializeApp(FIREBASE_CONFIG));
}

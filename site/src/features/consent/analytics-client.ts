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
  if (instance) {
    (await import('firebase/analytics')).setAnalyticsCollectionEnabled(instance, false);
    // Its connections to the databases below close with the app; a later consent starts a new one.
    await (await import('firebase/app')).deleteApp(instance.app);
    analytics = undefined;
  }
  // Firebase adds gtag.js itself: take it out with the rest of the analytics.
  document.querySelectorAll('script[src*="googletagmanager.com/gtag/js"]').forEach((script) => script.remove());
  await deleteFirebaseDatabases();
}

/**
 * Firebase Analytics keeps its installation id and heartbeats in IndexedDB
 * (firebase-installations-database, firebase-heartbeat-database): deleted when
 * analytics consent is withdrawn (the cookie policy says so). Firebase keeps
 * its connections to them open while the page lives, so the deletion waits
 * for the page to go; every page without analytics consent asks again on
 * load, before anything opens them. Staff sign-in's own database
 * (firebaseLocalStorageDb) is not analytics and stays.
 */
export async function deleteFirebaseDatabases(): Promise<void> {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return;
  const databases = await indexedDB.databases().catch(() => []);
  for (const { name } of databases) {
    if (name && /^firebase-/.test(name)) indexedDB.deleteDatabase(name);
  }
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

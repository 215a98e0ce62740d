import { BUILD_SETTINGS } from '../../config/build-settings';
import { keepAttribution } from '../analytics/attribution';
import { PRIVACY_CENTER_PATH } from '../security/paths';
import { COOKIES } from './config';
import { updateConsentMode } from './consent-mode';
import { deletionCookies } from './store';

const GTM_ID = BUILD_SETTINGS.GATSBY_GTM_ID ?? '';
const SCRIPT_ATTRIBUTE = 'data-consent-script';

/**
 * Brings the page in line with the enabled cookies: Consent Mode updated,
 * the scripts of enabled optional cookies added once, those of the others
 * removed with every cookie they set (on this host and its parent domains).
 * On the privacy centre's pages no script that measures starts, whatever the consent (gatsby-browser loads them in
 * full, so none started on another page is still running).
 */
export function applyConsent(enabled: ReadonlySet<string>, given: boolean): void {
  updateConsentMode(given ? enabled : new Set());
  keepAttribution(sessionStorage, { analytics: given && enabled.has('analytics'), marketing: given && enabled.has('tag-manager') });
  const measured = !PRIVACY_CENTER_PATH.test(window.location.pathname);
  for (const cookie of COOKIES.filter((entry) => entry.category === 'optional')) {
    if (given && enabled.has(cookie.id)) {
      if (!measured) continue;
      if (cookie.script === 'tag-manager') addTagManager();
      if (cookie.script === 'analytics') withAnalyticsClient((client) => client.startAnalytics());
    } else {
      if (cookie.script === 'analytics') withAnalyticsClient((client) => client.stopAnalytics());
      document.querySelectorAll(`script[${SCRIPT_ATTRIBUTE}="${cookie.id}"]`).forEach((script) => script.remove());
      for (const deletion of deletionCookies(document.cookie, cookie.targets, window.location.hostname)) document.cookie = deletion;
    }
  }
}

/**
 * Runs `use` with the analytics client, a chunk of its own. One that cannot be loaded (an extension blocked it, a
 * deployment removed it) leaves analytics off and says so: its rejection unhandled, Gatsby's runtime would open the
 * page again, and again on every load.
 */
function withAnalyticsClient(use: (client: typeof import('./analytics-client')) => unknown): void {
  import(/* webpackChunkName: "analytics-client" */ './analytics-client')
    .then(use)
    .catch((error: unknown) => console.warn('Analytics could not be loaded; the site goes on without it', error));
}

/** The Google Tag Manager container (GATSBY_GTM_ID); a missing or unreachable container only warns. */
function addTagManager(): void {
  if (document.querySelector(`script[${SCRIPT_ATTRIBUTE}="tag-manager"]`)) return;
  if (!GTM_ID) {
    console.warn('Google Tag Manager is not configured (GATSBY_GTM_ID): no container loaded');
    return;
  }
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(GTM_ID)}`;
  script.setAttribute(SCRIPT_ATTRIBUTE, 'tag-manager');
  script.onerror = () => console.warn('Google Tag Manager could not be loaded; the site goes on without it');
  document.head.appendChild(script);
}

/**
 * Google Consent Mode v2. The defaults (everything denied) are written into
 * every page's <head> before any other script (gatsby-ssr), so no Google tag
 * can run without them; each decision updates them.
 */
export const CONSENT_MODE_DEFAULTS = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
} as const;

/** The inline script that sets the defaults, for the top of <head>. */
export const CONSENT_MODE_SNIPPET =
  `window.dataLayer=window.dataLayer||[];function ` +
  `gtag(){dataLayer.push(arguments)}gtag('consent','default',${JSON.stringify({ ...CONSENT_MODE_DEFAULTS, wait_for_update: 500 })});`;

type Signal = 'granted' | 'denied';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/**
 * The Consent Mode signals for the enabled cookie ids, as the cookie texts
 * describe them: "Marketing" measures our campaigns' conversions (ad storage,
 * ad user data), never personalised advertising, so `ad_personalization`
 * stays denied whatever the visitor chooses.
 */
export function consentSignals(enabled: ReadonlySet<string>): Record<keyof typeof CONSENT_MODE_DEFAULTS, Signal> {
  const analytics: Signal = enabled.has('analytics') ? 'granted' : 'denied';
  const conversions: Signal = enabled.has('tag-manager') ? 'granted' : 'denied';
  return { ad_storage: conversions, ad_user_data: conversions, ad_personalization: 'denied', analytics_storage: analytics };
}

export function updateConsentMode(enabled: ReadonlySet<string>): void {
  window.gtag?.('consent', 'update', consentSignals(enabled));
}

import { COOKIES } from '../consent/config';
import { readConsent } from '../consent/store';
import { PRIVACY_CENTER_PATH } from '../security/paths';

/** The events of the specification's table, with exactly its field names, and the explorer's selection events. */
export type AnalyticsEvent =
  | { event: 'navigation_click'; section: string; location: string }
  | { event: 'cta_click'; cta_name: string; location: string }
  | { event: 'external_link_click'; link_name: string; link_url: string; link_location: string }
  | { event: 'product_view'; product_name: string; product_category: string }
  | { event: 'form_start'; form_name: string }
  | { event: 'form_submit'; form_name: string; [extra: string]: string }
  | { event: 'form_success'; form_name: string }
  | { event: 'generate_lead'; currency: 'EUR'; value: 1 }
  | { event: 'conversion'; value: number; conversion_type: string }
  | { event: 'form_error'; form_name: string; error_message: string }
  | { event: 'scroll_depth'; scroll_percentage: number }
  | { event: 'user_engagement'; engagement_time_msec: number }
  | { event: 'video_interaction'; video_action: string; video_name: string }
  // The explorer's selection: an audience added to the request, and the selection taken to the form.
  | { event: 'audience_add'; audience_id: string; audience_name: string; country: string; topic: string }
  | { event: 'audience_request'; audience_count: number; audience_ids: string; countries: string };

/** What marketing consent alone measures: the conversions (the cookie policy: the tag manager is there for conversions only). */
const CONVERSIONS = new Set<AnalyticsEvent['event']>(['generate_lead', 'conversion']);

/**
 * Whether an event may be measured: every event with analytics consent; with
 * marketing (Tag Manager) consent alone, only the conversions; nothing without consent.
 * Nothing on the privacy centre's pages, whatever the consent: where people exercise their rights, nobody measures
 * that they did (the privacy policy says so).
 */
export function measuringAllowed(cookies: string, event: AnalyticsEvent['event'], pathname: string): boolean {
  if (PRIVACY_CENTER_PATH.test(pathname)) return false;
  const consent = readConsent(cookies, COOKIES);
  if (!consent.given) return false;
  return consent.enabled.has('analytics') || (consent.enabled.has('tag-manager') && CONVERSIONS.has(event));
}

/** Pushes an event to the data layer when its consent allows it; nothing at all without consent. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined' || !measuringAllowed(document.cookie, event.event, window.location.pathname)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** A successful form: form_success, the lead (EUR 1) and the conversion (`{form}_success`). */
export function trackFormSuccess(formName: string): void {
  track({ event: 'form_success', form_name: formName });
  track({ event: 'generate_lead', currency: 'EUR', value: 1 });
  track({ event: 'conversion', value: 1, conversion_type: `${formName}_success` });
}

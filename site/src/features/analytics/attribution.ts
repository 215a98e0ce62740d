import { ATTRIBUTION_LIMITS, UTM_PARAMETERS } from '@segmentia/contracts/contact';
import { COOKIES } from '../consent/config';
import { readConsent } from '../consent/store';

/**
 * The visit's first landing: kept in the page's memory (it survives Gatsby's
 * client-side navigation, not a reload), and written to this tab's
 * sessionStorage only while analytics cookies are accepted (no cookie, gone
 * with the tab): campaign attribution is not strictly necessary (LSSI 22.2).
 */
export const ATTRIBUTION_KEY = 'segmentia-attribution';
/** Google's click id of that landing, kept only when the visitor had accepted marketing cookies. */
export const CLICK_ID_KEY = 'segmentia-attribution-gclid';

/** What the visitor accepts that attribution depends on. */
export interface AttributionConsent {
  analytics: boolean;
  marketing: boolean;
}

export interface Attribution {
  landingPage?: string;
  referrerHost?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  gclid?: string;
}

const HOST = /^[a-z0-9.-]+$/i;
const CLICK_ID = /^[\w-]+$/;

/** The landing recorded in this page (and the click id, with marketing consent). */
let remembered: { record: Attribution; click?: string } | undefined;

/**
 * Records where the visit came from on its first page: that page, the host of
 * the site that linked to it (not our own), its UTM parameters, and its gclid
 * only with marketing consent. Later pages of the visit change nothing, so a
 * request says what brought the visitor, not the last page they read. A record
 * the tab stored earlier (with consent) is the visit's first landing.
 */
export function recordLanding(
  location: { pathname: string; search: string; host: string },
  referrer: string,
  consent: AttributionConsent,
  storage: Storage,
): void {
  if (!remembered) remembered = stored(storage) ?? landingOf(location, referrer, consent.marketing);
  keepAttribution(storage, consent);
}

function landingOf(location: { pathname: string; search: string; host: string }, referrer: string, marketing: boolean) {
  const params = new URLSearchParams(location.search);
  const record: Attribution = { landingPage: location.pathname.slice(0, ATTRIBUTION_LIMITS.landingPage) };
  try {
    const host = referrer ? new URL(referrer).hostname : '';
    if (host && host !== location.host.split(':')[0] && HOST.test(host))
      record.referrerHost = host.slice(0, ATTRIBUTION_LIMITS.referrerHost);
  } catch {
    // A referrer that is not a URL says nothing.
  }
  for (const [parameter, field] of Object.entries(UTM_PARAMETERS)) {
    // One line, within the API's length.
    const value = params.get(parameter)?.replace(/\s+/g, ' ').trim().slice(0, ATTRIBUTION_LIMITS[field]);
    if (value) record[field] = value;
  }
  const click = params.get('gclid');
  return { record, click: marketing && click && CLICK_ID.test(click) ? click.slice(0, ATTRIBUTION_LIMITS.gclid) : undefined };
}

function stored(storage: Storage): typeof remembered {
  try {
    const record = storage.getItem(ATTRIBUTION_KEY);
    return record ? { record: JSON.parse(record) as Attribution, click: storage.getItem(CLICK_ID_KEY) ?? undefined } : undefined;
  } catch {
    // Not ours any more: nothing to say.
    return undefined;
  }
}

/**
 * Brings the tab's storage in line with the consent: the record written while
 * analytics cookies are accepted and removed when they are not; the click id
 * kept only with marketing consent (and forgotten when it is withdrawn).
 */
export function keepAttribution(storage: Storage, consent: AttributionConsent): void {
  if (remembered && !consent.marketing) remembered.click = undefined;
  if (consent.analytics && remembered) storage.setItem(ATTRIBUTION_KEY, JSON.stringify(remembered.record));
  else storage.removeItem(ATTRIBUTION_KEY);
  if (consent.marketing && remembered?.click) storage.setItem(CLICK_ID_KEY, remembered.click);
  else storage.removeItem(CLICK_ID_KEY);
}

/** What a request sends of the visit's landing: the click id only while marketing cookies are accepted. */
export function attributionOf(marketing: boolean): Attribution {
  if (!remembered) return {};
  return { ...remembered.record, ...(marketing && remembered.click ? { gclid: remembered.click } : {}) };
}

/** Forgets the page's record (tests: a new page). */
export const forgetLanding = () => {
  remembered = undefined;
};

/** What the visitor accepts, from the consent cookie. */
export function attributionConsent(): AttributionConsent {
  const consent = readConsent(document.cookie, COOKIES);
  return { analytics: consent.given && consent.enabled.has('analytics'), marketing: consent.given && consent.enabled.has('tag-manager') };
}

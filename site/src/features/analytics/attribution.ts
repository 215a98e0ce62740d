import { ATTRIBUTION_LIMITS, UTM_PARAMETERS } from '@segmentia/contracts/contact';
import { COOKIES } from '../consent/config';
import { readConsent } from '../consent/store';

/** The visit's first landing, for this browser tab's session (sessionStorage: no cookie, gone with the tab). */
export const ATTRIBUTION_KEY = 'segmentia-attribution';
/** Google's click id of that landing, kept only when the visitor had accepted marketing cookies. */
export const CLICK_ID_KEY = 'segmentia-attribution-gclid';

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

/**
 * Records where the visit came from on its first page: that page, the host of
 * the site that linked to it (not our own), its UTM parameters, and its gclid
 * only with marketing consent. Later pages of the visit change nothing, so a
 * request says what brought the visitor, not the last page they read.
 */
export function recordLanding(
  location: { pathname: string; search: string; host: string },
  referrer: string,
  marketing: boolean,
  storage: Storage,
): void {
  if (storage.getItem(ATTRIBUTION_KEY)) return;
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
  storage.setItem(ATTRIBUTION_KEY, JSON.stringify(record));
  const click = params.get('gclid');
  if (marketing && click && CLICK_ID.test(click)) storage.setItem(CLICK_ID_KEY, click.slice(0, ATTRIBUTION_LIMITS.gclid));
}

/** What a request sends of the visit's landing: the click id only while marketing cookies are accepted. */
export function attributionOf(storage: Storage, marketing: boolean): Attribution {
  let record: Attribution = {};
  try {
    record = JSON.parse(storage.getItem(ATTRIBUTION_KEY) ?? '{}') as Attribution;
  } catch {
    // Not ours any more: nothing to say.
  }
  const click = marketing ? storage.getItem(CLICK_ID_KEY) : null;
  return { ...record, ...(click ? { gclid: click } : {}) };
}

/** Whether the visitor accepts marketing cookies (Tag Manager's), the condition for Google's click id. */
export const marketingAccepted = () => readConsent(document.cookie, COOKIES).enabled.has('tag-manager');

/** Opens the cookie settings from anywhere (the cookies page's "change my choice" button). */
export const OPEN_SETTINGS_EVENT = 'segmentia:consent-settings';

/** A page opened at this #fragment opens the cookie settings at once: the data page's footer links to the cookies page's. */
export const SETTINGS_FRAGMENT = 'cookie-settings';

export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}

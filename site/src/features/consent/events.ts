/** Opens the cookie settings from anywhere (the cookies page's "change my choice" button). */
export const OPEN_SETTINGS_EVENT = 'segmentia:consent-settings';

export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}

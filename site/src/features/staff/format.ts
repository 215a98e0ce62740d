import type { Locale } from './generated';

/** 22 nov 2026, 10:05 in Spanish, Nov 22, 2026, 10:05 AM in English. */
export function formatDateTime(iso: string, localeTag: string): string {
  return new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The short day and the time apart, to be written on one line or two: [22/11/26, 10:05] in Spanish, [11/22/26, 10:05 AM] in English. */
export function formatDayAndTime(iso: string, localeTag: string): [string, string] {
  const date = new Date(iso);
  return [
    new Intl.DateTimeFormat(localeTag, { dateStyle: 'short' }).format(date),
    new Intl.DateTimeFormat(localeTag, { timeStyle: 'short' }).format(date),
  ];
}

/** A lead's language named in the page's language, as a label: Alemán, German, Deutsch. */
export function languageName(locale: Locale, localeTag: string): string {
  const name = new Intl.DisplayNames([localeTag], { type: 'language' }).of(locale.toLowerCase()) ?? locale;
  return name.charAt(0).toLocaleUpperCase(localeTag) + name.slice(1);
}

/** A day: 12 oct 2026 in Spanish, Oct 12, 2026 in English. */
export function formatDate(iso: string, localeTag: string): string {
  return new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A `mailto:` link to a lead's address. The API accepts `?`, `&`, `=` and `%` in an address's local part, so the address
 * is percent-encoded whole (RFC 6068): `a?cc=x@evil.example&@agencia.es` cannot add a copy, a subject or a body to the
 * reply.
 */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;
}

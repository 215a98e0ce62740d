/**
 * The privacy centre's rules, written once: the API validates with them (api/src/privacy/dto), the site's forms check
 * and explain them, the tests send them.
 */

/** The device types a person may opt out with, in display order (the enum DeviceType of api/prisma/schema.prisma). */
export const DEVICE_TYPES = ['ANDROID', 'APPLE', 'CONNECTED_TV'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * Why a person takes an ID out of the audiences, in display order (the enum SuppressionReason): the audiences rest on
 * consent, so its withdrawal (art. 7(3) GDPR) comes first and is the form's choice until the person picks the
 * objection (art. 21).
 */
export const SUPPRESSION_REASONS = ['WITHDRAWAL', 'OBJECTION'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** An advertising ID as Android, iOS and connected TVs show it: a UUID (8-4-4-4-12 hex digits), any version, any case. */
export const ADVERTISING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** All zeros: what a device shows when it limits ad tracking already; it names nobody, so it is refused. */
export const isZeroAdvertisingId = (id: string) => /^[0-]+$/.test(id.trim());

/**
 * An address the privacy centre takes (the objection's, the data link's): printable ASCII without a quote, so no quoted
 * local part and no character that JavaScript and PostgreSQL lower-case differently (U+212A KELVIN SIGN is "k" in
 * JavaScript): the address asked for is the address found. Its code is `isAsciiEmail`, beside `isEmail`.
 */
export const ASCII_EMAIL = /^[\x21\x23-\x7e]+$/;

/** Lengths of the written objection's fields, after trimming. */
export const OBJECTION_LIMITS = {
  email: { max: 254 },
  message: { min: 10, max: 2000 },
} as const;

/** An opted-out ID leaves the segments already delivered to The Trade Desk at the next daily upload: within this many hours. */
export const SEGMENT_UPLOAD_HOURS = 48;

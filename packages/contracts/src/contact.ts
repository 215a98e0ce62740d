/**
 * The contact form's rules, written once: the API validates with them
 * (api/src/contact/dto/contact-request.input.ts), the site's form shows and
 * checks them, the tests send them. The option lists are the enums of
 * api/prisma/schema.prisma, in their order; a spec of the API
 * (api/src/contact/rules.spec.ts) fails when the two differ.
 */

/** The option lists, in display order. */
export const CONTACT_OPTIONS = {
  agencyType: ['MEDIA', 'CREATIVE', 'DIGITAL_PERFORMANCE', 'INDEPENDENT', 'GROUP_HOLDING', 'TRADING_DESK', 'ADVERTISER_IN_HOUSE', 'OTHER'],
  agencySize: ['UP_TO_2M', 'FROM_2M_TO_5M', 'FROM_5M_TO_10M', 'FROM_10M_TO_50M', 'OVER_50M'],
  advertiserCount: ['FROM_1_TO_10', 'FROM_10_TO_25', 'FROM_25_TO_50', 'FROM_50_TO_100', 'OVER_100'],
  position: ['OWNER_FOUNDER', 'BOARD', 'C_LEVEL', 'DIRECTOR', 'HEAD_OF_DEPARTMENT', 'TEAM_LEADER', 'CONSULTANT', 'REPRESENTATIVE'],
  decisionRole: ['NONE', 'PRESCRIBE', 'INFLUENCE', 'DECIDE'],
  interest: ['SOLUTIONS', 'TECHNOLOGICAL_TRANSFORMATION'],
} as const;

/** Lengths of the text fields, after trimming. */
export const CONTACT_LIMITS = {
  agencyName: { min: 2, max: 120 },
  contactName: { min: 2, max: 100 },
  email: { max: 254 },
  message: { max: 2000 },
  website: { max: 5000 },
} as const;

/**
 * Where a visit came from, sent with the request and stored with the lead:
 * the first page of the visit, the referring site's host, the UTM parameters of
 * that first page, and Google's click id only with marketing consent (the
 * site keeps them for the session in sessionStorage). Lengths, after trimming.
 */
export const ATTRIBUTION_LIMITS = {
  landingPage: 300,
  referrerHost: 253,
  utmSource: 200,
  utmMedium: 200,
  utmCampaign: 200,
  utmTerm: 200,
  utmContent: 200,
  gclid: 200,
} as const;
/** The UTM parameters, as the link names them and as the lead stores them. */
export const UTM_PARAMETERS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const;

/**
 * The explorer's audiences a request may carry (input.audiences): at most
 * `max`, each a country code and an audience id of the catalogue. The site
 * keeps the visitor's selection by the same rules.
 */
export const REQUESTED_AUDIENCES = { max: 50, country: /^[A-Z]{2}$/, audience: /^[a-z0-9][a-z0-9-]{0,79}$/ } as const;

/**
 * What a one-line field refuses: control characters (line breaks, tabs,
 * escapes) and the Unicode marks that reorder text (bidi embeddings,
 * overrides, isolates). In a name they would forge lines in a notification
 * email, a Slack message or a CSV, or show "moc.etis" as "site.com".
 */
export const NOT_SINGLE_LINE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * What the message refuses: the same, but for line breaks (LF, CRLF) and tabs. A NUL is refused by PostgreSQL
 * itself; the other control characters (BEL, ESC, DEL, C1 such as U+0085) would reach sales' notifications and
 * terminals as sent.
 */
export const NOT_PLAIN_TEXT = /(?![\n\t]|\r\n)[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** The field error codes the API answers for a contact request (class-validator's constraint names and ours). */
export const CONTACT_ERROR_CODES = [
  'isDefined',
  'isString',
  'minLength',
  'maxLength',
  'isEmail',
  'isPhoneNumber',
  'isEnum',
  'equals',
  'isSingleLine',
  'isPlainText',
  'isUuid',
  'matches',
  'isFqdn',
  'isNotDisposable',
  'isArray',
  'arrayMaxSize',
  'nestedValidation',
  'unknownAudience',
] as const;
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[number];

/** The shape of an address, as the form checks it before sending and the company's settings are checked; the API has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

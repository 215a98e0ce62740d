/**
 * The contact form's rules, written once for both workspaces: the API
 * validates with them (dto/contact-request.input.ts) and the site's form
 * imports this file (site/src/features/contact/options.ts), so the two cannot
 * drift. Plain TypeScript: no decorator, no Nest, and Prisma's enums file is
 * plain constants.
 */
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../generated/prisma/enums';

/** The option lists, in display order: the order of the enums in prisma/schema.prisma. */
export const CONTACT_OPTIONS = {
  agencyType: Object.values(AgencyType),
  agencySize: Object.values(AgencySize),
  advertiserCount: Object.values(AdvertiserCount),
  position: Object.values(Position),
  decisionRole: Object.values(DecisionRole),
  interest: Object.values(Interest),
};

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
export type AttributionField = keyof typeof ATTRIBUTION_LIMITS;
/** The UTM parameters, as the link names them and as the lead stores them. */
export const UTM_PARAMETERS = { utm_source: 'utmSource', utm_medium: 'utmMedium', utm_campaign: 'utmCampaign', utm_term: 'utmTerm', utm_content: 'utmContent' } as const;

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

/** The field error codes the API answers for a contact request (class-validator's constraint names and ours). */
export const CONTACT_ERROR_CODES = ['isDefined', 'isString', 'minLength', 'maxLength', 'isEmail', 'isPhoneNumber', 'isEnum', 'equals', 'isSingleLine', 'isUuid', 'matches', 'isFqdn', 'isNotDisposable', 'isArray', 'arrayMaxSize', 'nestedValidation', 'unknownAudience'] as const;
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[number];

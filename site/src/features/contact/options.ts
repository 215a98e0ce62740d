import type { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../api/generated';

/** The form's option lists, in display order; labels are in locales/{lang}/contact.json under `options`. */
export const OPTIONS = {
  agencyType: [
    'MEDIA',
    'CREATIVE',
    'DIGITAL_PERFORMANCE',
    'INDEPENDENT',
    'GROUP_HOLDING',
    'TRADING_DESK',
    'ADVERTISER_IN_HOUSE',
    'OTHER',
  ] satisfies AgencyType[],
  agencySize: ['UP_TO_2M', 'FROM_2M_TO_5M', 'FROM_5M_TO_10M', 'FROM_10M_TO_50M', 'OVER_50M'] satisfies AgencySize[],
  advertiserCount: ['FROM_1_TO_10', 'FROM_10_TO_25', 'FROM_25_TO_50', 'FROM_50_TO_100', 'OVER_100'] satisfies AdvertiserCount[],
  position: [
    'OWNER_FOUNDER',
    'BOARD',
    'C_LEVEL',
    'DIRECTOR',
    'HEAD_OF_DEPARTMENT',
    'TEAM_LEADER',
    'CONSULTANT',
    'REPRESENTATIVE',
  ] satisfies Position[],
  decisionRole: ['NONE', 'PRESCRIBE', 'INFLUENCE', 'DECIDE'] satisfies DecisionRole[],
  interest: ['SOLUTIONS', 'TECHNOLOGICAL_TRANSFORMATION'] satisfies Interest[],
};

/** The API's rules (PRODUCT.md), checked before sending. */
export const LIMITS = {
  agencyName: { min: 2, max: 120 },
  contactName: { min: 2, max: 100 },
  email: { max: 254 },
  message: { max: 2000 },
};

/** A plausible phone number; the API checks it exactly (libphonenumber) and its answer is shown the same way. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,24}$/;
/** The shape of an address; the API has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** What the API refuses in a one-line field (its `isSingleLine`): control characters and text-direction marks. */
export const NOT_SINGLE_LINE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** API error codes (class-validator's names) → the message keys of `errors` in contact.json. */
export const API_ERROR_KEYS: Record<string, string> = {
  minLength: 'minLength',
  maxLength: 'maxLength',
  isEmail: 'email',
  isPhoneNumber: 'phone',
  isEnum: 'required',
  isDefined: 'required',
  isString: 'required',
  equals: 'terms',
  isSingleLine: 'singleLine',
};

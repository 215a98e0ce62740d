import type { ContactErrorCode } from '@segmentia/contracts/contact';

/*
 * The option lists, field lengths, one-line rule and error codes are the
 * contracts' (@segmentia/contracts/contact), which the API validates with.
 * Labels are in locales/{lang}/contact.json under `options`; here, what only
 * the form needs.
 */

/** A plausible phone number; the API checks it exactly (libphonenumber) and its answer is shown the same way. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,24}$/;

/**
 * Each error code the API answers (@segmentia/contracts/contact) → the message key of `errors` in contact.json: a new code does not compile
 * until it has one.
 */
export const API_ERROR_KEYS: Record<ContactErrorCode, string> = {
  minLength: 'minLength',
  maxLength: 'maxLength',
  isEmail: 'email',
  isPhoneNumber: 'phone',
  isEnum: 'required',
  isDefined: 'required',
  isString: 'required',
  equals: 'terms',
  isSingleLine: 'singleLine',
  isPlainText: 'plainText',
  isUuid: 'invalid',
  matches: 'invalid',
  isFqdn: 'invalid',
  isNotDisposable: 'disposable',
  // input.audiences (sent with a selection of the explorer's audiences).
  isArray: 'invalid',
  arrayMaxSize: 'invalid',
  nestedValidation: 'invalid',
  unknownAudience: 'unknownAudience',
};

/** The message key for an error code of the API's answer; `invalid` for one the form does not know. */
export const messageKeyFor = (code: string | undefined): string =>
  code && code in API_ERROR_KEYS ? API_ERROR_KEYS[code as ContactErrorCode] : 'invalid';

import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Country-code domains that companies everywhere use as generic ones (.io, .co, .ai…): they tell nothing of where a lead is. */
const GENERIC_USE = new Set(['AI', 'CO', 'FM', 'GG', 'IO', 'LY', 'ME', 'TO', 'TV', 'WS']);

/**
 * The country a lead is in (ISO 3166 alpha-2): its phone number's, else its
 * email domain's country code (agencianorte.es → ES, .uk → GB); null when
 * neither tells (a .com address and no phone).
 */
export function leadCountry(phone: string | null | undefined, email: string): string | null {
  const fromPhone = phone ? parsePhoneNumberFromString(phone)?.country : undefined;
  if (fromPhone) return fromPhone;
  const tld = email.slice(email.lastIndexOf('.') + 1).toUpperCase();
  const code = tld === 'UK' ? 'GB' : tld;
  return code.length === 2 && !GENERIC_USE.has(code) && isSupportedCountry(code) ? code : null;
}

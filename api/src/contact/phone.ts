import { isValidPhoneNumber, parsePhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { LOCALE_TAGS, type Locale } from '../common/locale';

/** The phone region assumed when a number has no + prefix: the page's locale. */
export function phoneRegion(locale: Locale): CountryCode {
  return LOCALE_TAGS[locale].split('-')[1] as CountryCode;
}

/** A valid number: international (+...), or national in the region of `locale`. */
export function isPhoneForLocale(phone: string, locale: Locale): boolean {
  return isValidPhoneNumber(phone, phoneRegion(locale));
}

/** The number in E.164 (+34911234567), read in the locale's region when it has no + prefix. */
export function toE164(phone: string, locale: Locale): string {
  return parsePhoneNumber(phone, phoneRegion(locale)).number;
}

import { registerDecorator, type ValidationArguments } from 'class-validator';
import { isValidPhoneNumber, parsePhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { LOCALE_TAGS, type Locale } from '../../common/locale';

/** The phone region assumed when a number has no + prefix: the page's locale. */
export function phoneRegion(locale: Locale): CountryCode {
  return LOCALE_TAGS[locale].split('-')[1] as CountryCode;
}

/** The number in E.164 (+34911234567), read in the locale's region when it has no + prefix. */
export function toE164(phone: string, locale: Locale): string {
  return parsePhoneNumber(phone, phoneRegion(locale)).number;
}

/** A valid phone number: international (+...), or national in the region of the request's `locale`. */
export function IsPhoneForLocale(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPhoneNumber',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be a valid phone number (with its +country prefix if it is from another country)' },
      validator: {
        validate(value: unknown, { object }: ValidationArguments) {
          const locale = (object as { locale?: Locale }).locale;
          return typeof value === 'string' && !!locale && locale in LOCALE_TAGS && isValidPhoneNumber(value, phoneRegion(locale));
        },
      },
    });
}

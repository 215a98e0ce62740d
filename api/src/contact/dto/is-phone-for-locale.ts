import { registerDecorator, type ValidationArguments } from 'class-validator';
import { LOCALE_TAGS, type Locale } from '../../common/locale';
import { isPhoneForLocale } from '../phone';

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
          return typeof value === 'string' && !!locale && locale in LOCALE_TAGS && isPhoneForLocale(value, locale);
        },
      },
    });
}

import { type ValidationOptions, ValidateBy } from 'class-validator';
import { EmailKind, emailKind } from '../email-domains';

/** An address on a throwaway-mail domain is refused: no one would read our answer there. Code `isNotDisposable`. */
export function IsNotDisposableEmail(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotDisposable',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && emailKind(value) !== EmailKind.DISPOSABLE,
        defaultMessage: (args) => `${args?.property ?? 'the address'} is on a disposable email domain; use an address you read`,
      },
    },
    options,
  );
}

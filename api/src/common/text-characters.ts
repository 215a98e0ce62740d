import { type ValidationOptions, ValidateBy } from 'class-validator';
import { NOT_SINGLE_LINE } from '@segmentia/contracts/contact';

/** A one-line text: no control characters, no bidi controls. Code `isSingleLine`. */
export function IsSingleLine(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSingleLine',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !NOT_SINGLE_LINE.test(value),
        defaultMessage: (args) => `${args?.property ?? 'the value'} must be a single line without control or text-direction characters`,
      },
    },
    options,
  );
}

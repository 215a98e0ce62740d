import { type ValidationOptions, ValidateBy } from 'class-validator';
import { ASCII_EMAIL } from '@segmentia/contracts/privacy';

/**
 * An address in printable ASCII without quotes (ASCII_EMAIL), for the privacy centre's inputs: the address asked for
 * is then the address its leads and objections are found under, in JavaScript and in PostgreSQL alike. Code
 * `isAsciiEmail`; the form's check is the same rule.
 */
export const IsAsciiEmail = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isAsciiEmail',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && ASCII_EMAIL.test(value),
        defaultMessage: (args) => `${args?.property ?? 'the value'} must be written in ASCII letters, without quotes or accents`,
      },
    },
    options,
  );

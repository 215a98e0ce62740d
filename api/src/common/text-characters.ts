import { type ValidationOptions, ValidateBy } from 'class-validator';
import { NOT_PLAIN_TEXT, NOT_SINGLE_LINE } from '@segmentia/contracts/contact';

/** A text without the characters `refused` matches; the site's form checks the same rule (@segmentia/contracts/contact). */
const textWithout = (name: string, refused: RegExp, what: string) => (options?: ValidationOptions) =>
  ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !refused.test(value),
        defaultMessage: (args) => `${args?.property ?? 'the value'} must be ${what}`,
      },
    },
    options,
  );

/** A one-line text: no control characters, no bidi controls. Code `isSingleLine`. */
export const IsSingleLine = textWithout('isSingleLine', NOT_SINGLE_LINE, 'a single line without control or text-direction characters');

/** A text of several lines: line breaks and tabs, no other control characters, no bidi controls. Code `isPlainText`. */
export const IsPlainText = textWithout(
  'isPlainText',
  NOT_PLAIN_TEXT,
  'plain text: line breaks and tabs, no other control or text-direction characters',
);

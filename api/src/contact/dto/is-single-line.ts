import { type ValidationOptions, ValidateBy } from 'class-validator';

/**
 * Control characters (line breaks, tabs, escapes) and the Unicode marks that
 * reorder text (bidi embeddings, overrides and isolates): in a name they would
 * forge lines in a notification email, a Slack message or a CSV, or show
 * "moc.etis" as "site.com".
 */
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** A one-line text: no control characters, no bidi controls. Code `isSingleLine`. */
export function IsSingleLine(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSingleLine',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !UNSAFE.test(value),
        defaultMessage: (args) => `${args?.property ?? 'the value'} must be a single line without control or text-direction characters`,
      },
    },
    options,
  );
}

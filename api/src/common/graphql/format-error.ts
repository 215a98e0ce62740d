import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { ErrorCode, type FieldErrors, serviceUnavailable } from '../errors/errors';

/**
 * The last word on every error sent to a client: a database that is down
 * becomes SERVICE_UNAVAILABLE, and in production an unexpected error says
 * nothing of its cause (no message from inside, no stack trace).
 */
export function createFormatError(isProduction: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const cause = unwrapResolverError(error);
    if (isDatabaseUnavailable(cause)) {
      const { message, extensions } = serviceUnavailable();
      return { message, path: formatted.path, extensions };
    }
    const code = formatted.extensions?.code;
    if (code === ErrorCode.BadUserInput && !formatted.extensions?.fieldErrors) {
      const fieldErrors = variableFieldErrors(formatted.message);
      if (fieldErrors) formatted = { ...formatted, extensions: { ...formatted.extensions, fieldErrors } };
    }
    if (isProduction && (!code || code === ErrorCode.InternalServerError)) {
      return { message: 'Internal server error', path: formatted.path, extensions: { code: ErrorCode.InternalServerError } };
    }
    return formatted;
  };
}

/**
 * graphql-js rejects a variable that does not fit the schema (an option not in
 * an enum, a missing required field, a wrong type) before any resolver runs;
 * its messages name the field, e.g.
 *   Variable "$input" got invalid value "X" at "input.agencySize"; Value "X" does not exist in "AgencySize" enum.
 *   Variable "$input" got invalid value {...}; Field "email" of required type "String!" was not provided.
 * Read back into `fieldErrors`, they reach clients like every other rejected field.
 */
export function variableFieldErrors(message: string): FieldErrors | undefined {
  const match = /^Variable "\$(\w+)" got invalid value .*?(?: at "\1\.([\w.[\]]+)")?; (.*)$/s.exec(message);
  if (!match) return undefined;
  const [, variable, at, reason = ''] = match;
  const missing = /^Field "(\w+)" of required type "[^"]+" was not provided\.$/.exec(reason);
  const unknown = /^Field "(\w+)" is not defined by type "[^"]+"\./.exec(reason);
  const field = missing ? joinPath(at, missing[1]!) : unknown ? joinPath(at, unknown[1]!) : (at ?? variable!);
  const code = missing ? 'isDefined' : unknown ? 'whitelistValidation' : /enum/.test(reason) ? 'isEnum' : 'type';
  return { [field]: [{ code, message: `${field}: ${reason}` }] };
}

const joinPath = (parent: string | undefined, field: string) => (parent ? `${parent}.${field}` : field);

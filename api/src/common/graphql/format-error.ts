import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { ErrorCode, serviceUnavailable } from '../errors/errors';

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
    if (isProduction && (!code || code === ErrorCode.InternalServerError)) {
      return { message: 'Internal server error', path: formatted.path, extensions: { code: ErrorCode.InternalServerError } };
    }
    return formatted;
  };
}

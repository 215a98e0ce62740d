import { GraphQLError } from 'graphql';

/** The stable codes clients read from `extensions.code`. */
export enum ErrorCode {
  BadUserInput = 'BAD_USER_INPUT',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  InternalServerError = 'INTERNAL_SERVER_ERROR',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  /** The database stopped a read that ran past its time (its statement timeout); the message names the read. */
  QueryTimeout = 'QUERY_TIMEOUT',
}

export interface FieldError {
  /** Stable, e.g. `isEmail`, `maxLength`: clients show their own text for it. */
  code: string;
  message: string;
}

export type FieldErrors = Record<string, FieldError[]>;

/** `details`: what a client needs beyond the codes to act on the refusal (e.g. `unknownAudiences`), beside `fieldErrors`. */
export function badUserInput(fieldErrors: FieldErrors, details: Record<string, unknown> = {}): GraphQLError {
  const fields = Object.keys(fieldErrors).join(', ');
  return new GraphQLError(`Invalid input: ${fields}`, {
    extensions: { ...details, code: ErrorCode.BadUserInput, fieldErrors },
  });
}

export function tooManyRequests(retryAfterSeconds: number): GraphQLError {
  return new GraphQLError(`Too many requests: try again in ${retryAfterSeconds} s`, {
    extensions: { code: ErrorCode.TooManyRequests, retryAfterSeconds },
  });
}

export function serviceUnavailable(): GraphQLError {
  return new GraphQLError('The service is temporarily unavailable: please try again shortly', {
    extensions: { code: ErrorCode.ServiceUnavailable },
  });
}

/** Why a request was not signed in; the staff page words its message from it. */
export type AuthFailure = 'missing' | 'expired' | 'invalid' | 'emailNotVerified' | 'notConfigured' | 'revoked';

export function unauthenticated(reason: AuthFailure, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.Unauthenticated, reason } });
}

export function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.Forbidden } });
}

/**
 * A read the database stopped at its time limit, not a database that cannot be reached (SERVICE_UNAVAILABLE): `read`
 * names it (the query's field, e.g. `leadInsights`), `limitMs` is the limit; a narrower read may pass.
 */
export function queryTimeout(read: string, message: string, limitMs: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.QueryTimeout, read, limitMs } });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.NotFound } });
}

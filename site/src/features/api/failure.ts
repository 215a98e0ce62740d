import type { GraphQLFormattedError } from 'graphql';

export interface ApiFailure {
  /** `extensions.code` of the first error, or NETWORK when the API was not reached. */
  code: string;
  /** `extensions.reason` of the first error: why an UNAUTHENTICATED request was refused. */
  reason?: string;
  fieldErrors: Record<string, { code: string; message: string }[]>;
  /** `extensions.unknownAudiences`: the requested audiences the catalogue does not have. */
  unknownAudiences?: { country: string; audience: string }[];
}

/** The errors of an answer, in the terms of the API's error contract. */
export function failureOf(errors: readonly GraphQLFormattedError[]): ApiFailure {
  const [first] = errors;
  const fieldErrors = Object.assign({}, ...errors.map((item) => item.extensions?.fieldErrors ?? {}));
  const reason = first?.extensions?.reason;
  const unknownAudiences = first?.extensions?.unknownAudiences as ApiFailure['unknownAudiences'];
  return {
    code: String(first?.extensions?.code ?? 'INTERNAL_SERVER_ERROR'),
    ...(reason ? { reason: String(reason) } : {}),
    fieldErrors,
    ...(Array.isArray(unknownAudiences) ? { unknownAudiences } : {}),
  };
}

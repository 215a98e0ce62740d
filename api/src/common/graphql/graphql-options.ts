import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { Request, Response } from 'express';
import type { GraphQLError, ValidationContext } from 'graphql';
import type { AppConfig } from '../config/app-config';
import { createFormatError } from './format-error';
import { nullAsAbsent } from './null-as-absent';
import { oncePerOperationRule } from './once-per-operation.rule';

export interface GraphQLContext {
  req: Request;
  res: Response;
}

/**
 * graphql-armor's rules throw by default (made for envelop); reported through
 * the validation context instead, Apollo answers 400 GRAPHQL_VALIDATION_FAILED.
 */
const reportToApollo = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

/**
 * `responses`: where whole answers of cacheable operations are kept (the
 * catalog's: their resolvers give a public cache hint), read before anything
 * is executed; the catalog's change listener empties it.
 */
export function graphqlOptions(config: AppConfig, responses: KeyValueCache<string>): ApolloDriverConfig {
  const development = !config.isProduction;
  return {
    path: '/graphql',
    autoSchemaFile: true,
    sortSchema: true,
    // An explicit null for a nullable argument or input field behaves as if absent (never a TypeError in a resolver).
    transformSchema: nullAsAbsent,
    playground: false,
    introspection: development,
    plugins: [
      // The IDE is ours (graphql-ide.ts), served before Apollo sees the request.
      ApolloServerPluginLandingPageDisabled(),
      // Cache hints: only the catalog's fields give one (public, CATALOG_MAX_AGE_SECONDS); an answer with
      // anything else (leads, mutations) is `Cache-Control: no-store`. A cacheable answer says for how long,
      // so nginx, a CDN and the browser can keep a GET of it.
      ApolloServerPluginCacheControl({ defaultMaxAge: 0, calculateHttpHeaders: true }),
      // The second identical catalog question is answered from memory, without executing anything.
      responseCachePlugin({ cache: responses }),
    ],
    // Requires a preflighted request (JSON body or a custom header): a
    // cross-site form or image cannot run an operation on a visitor's behalf.
    csrfPrevention: true,
    validationRules: [
      // Introspection counts too: its queries are the deepest a client can send.
      maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false, flattenFragments: true, ...reportToApollo }),
      // `__typename` counts too: thousands of them are as much work as any field.
      maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES, allowList: [], ...reportToApollo }),
      // One proof-of-work challenge per operation: a request is never a batch of them (each also spends the client's budget).
      // One CSV export too: each may hold CSV_MAX_ROWS leads in the API's memory.
      oncePerOperationRule(['contactChallenge', 'leadsCsv']),
    ],
    // Automatic persisted queries: no client of ours sends them, and their cache is one more thing a client could fill.
    persistedQueries: false,
    parseOptions: { maxTokens: config.GRAPHQL_MAX_TOKENS },
    // No "Did you mean …?" in production: it lists the schema to whoever guesses.
    hideSchemaDetailsFromClientErrors: config.isProduction,
    includeStacktraceInErrorResponses: development,
    formatError: createFormatError(config.isProduction),
    context: ({ req, res }: GraphQLContext): GraphQLContext => ({ req, res }),
  };
}

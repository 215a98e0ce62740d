import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { Request, Response } from 'express';
import type { GraphQLError, ValidationContext } from 'graphql';
import type { AppConfig } from '../config/app-config';
import { createFormatError } from './format-error';

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

export function graphqlOptions(config: AppConfig): ApolloDriverConfig {
  const development = !config.isProduction;
  return {
    path: '/graphql',
    autoSchemaFile: true,
    sortSchema: true,
    playground: false,
    introspection: development,
    plugins: [
      development && config.GRAPHQL_EXPLORER
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true })
        : ApolloServerPluginLandingPageDisabled(),
      // No HTTP cache in front reads its cache hints (POST answers are not cached), and it wraps every field's resolver.
      ApolloServerPluginCacheControlDisabled(),
    ],
    // Requires a preflighted request (JSON body or a custom header): a
    // cross-site form or image cannot run an operation on a visitor's behalf.
    csrfPrevention: true,
    validationRules: [
      // Introspection counts too: its queries are the deepest a client can send.
      maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false, flattenFragments: true, ...reportToApollo }),
      // `__typename` counts too: thousands of them are as much work as any field.
      maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES, allowList: [], ...reportToApollo }),
    ],
    parseOptions: { maxTokens: config.GRAPHQL_MAX_TOKENS },
    // No "Did you mean …?" in production: it lists the schema to whoever guesses.
    hideSchemaDetailsFromClientErrors: config.isProduction,
    includeStacktraceInErrorResponses: development,
    formatError: createFormatError(config.isProduction),
    context: ({ req, res }: GraphQLContext): GraphQLContext => ({ req, res }),
  };
}

import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { createFormatError } from './format-error';

export interface GraphQLContext {
  req: Request;
  res: Response;
}

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
    ],
    // Requires a preflighted request (JSON body or a custom header): a
    // cross-site form or image cannot run an operation on a visitor's behalf.
    csrfPrevention: true,
    validationRules: [
      maxDepthRule({ n: config.GRAPHQL_MAX_DEPTH, exposeLimits: true }),
      maxAliasesRule({ n: config.GRAPHQL_MAX_ALIASES, exposeLimits: true }),
    ],
    includeStacktraceInErrorResponses: development,
    formatError: createFormatError(config.isProduction),
    context: ({ req, res }: GraphQLContext): GraphQLContext => ({ req, res }),
  };
}

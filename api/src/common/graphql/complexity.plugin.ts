import { Plugin } from '@nestjs/apollo';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { type ComplexityEstimator, fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { AppConfig } from '../config/app-config';

/** Introspection is bounded by the schema itself (and off in production): it costs nothing here. */
const introspectionEstimator: ComplexityEstimator = ({ field }) => (field.name.startsWith('__') ? 0 : undefined);

/**
 * Rejects an operation whose estimated cost is above GRAPHQL_MAX_COMPLEXITY,
 * before anything is resolved. Fields that query the database declare their
 * cost with `complexity` in their @Field/@Query options; the rest cost 1.
 */
@Plugin()
export class ComplexityPlugin implements ApolloServerPlugin {
  constructor(
    private readonly schemaHost: GraphQLSchemaHost,
    private readonly config: AppConfig,
  ) {}

  async requestDidStart(): Promise<GraphQLRequestListener<object>> {
    const { schema } = this.schemaHost;
    const maximum = this.config.GRAPHQL_MAX_COMPLEXITY;
    return {
      async didResolveOperation({ request, document }) {
        let complexity: number;
        try {
          complexity = getComplexity({
            schema,
            query: document,
            operationName: request.operationName ?? undefined,
            variables: request.variables,
            estimators: [introspectionEstimator, fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
          });
        } catch {
          // Invalid variables: the operation will not run, and Apollo answers
          // BAD_USER_INPUT naming the variable's field.
          return;
        }
        if (complexity > maximum) {
          throw new GraphQLError(`Query is too complex: ${complexity}; the maximum is ${maximum}`, {
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', complexity, maximum, http: { status: 400 } },
          });
        }
      },
    };
  }
}
